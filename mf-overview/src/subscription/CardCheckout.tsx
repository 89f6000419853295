// Stripe's embedded Checkout (spec section 7: "A card payment provider is initialised with a public key"): the
// publishable key loads Stripe.js, the Checkout Session's client secret (from our API) mounts the payment form here.
// On completion Stripe returns to the page's return URL, which then waits for the webhook's activation.
import { Trans } from '@lingui/react/macro';
import { ErrorState } from '@patrimonio/shared-ui';
import type { StripeEmbeddedCheckout } from '@stripe/stripe-js';
// The "pure" entry loads Stripe.js only when loadStripe is called (the main entry injects it on import, on every page
// of this app, where the Content-Security-Policy allows Stripe only when card payments are configured).
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState } from 'react';

export function CardCheckout({ publishableKey, clientSecret }: { publishableKey: string; clientSecret: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let checkout: StripeEmbeddedCheckout | null = null;
    let cancelled = false;
    (async () => {
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error('Stripe.js did not load');
      const created = await stripe.createEmbeddedCheckoutPage({ clientSecret });
      if (cancelled) created.destroy();
      else {
        checkout = created;
        if (ref.current) created.mount(ref.current);
      }
    })().catch((error: unknown) => {
      console.error('Stripe checkout failed to load', error);
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      checkout?.destroy();
    };
  }, [publishableKey, clientSecret]);
  if (failed)
    return (
      <ErrorState>
        <Trans>Impossibile pagare con carta al momento: riprova tra qualche istante o paga con bonifico.</Trans>
      </ErrorState>
    );
  return <div ref={ref} className="pt-subscription__checkout" data-testid="card-checkout" />;
}
