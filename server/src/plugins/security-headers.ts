// Security headers on every response, the portal, the API and the issuer alike (@fastify/helmet): a
// Content-Security-Policy the portal works under, no framing, nosniff, a referrer policy, HSTS when PUBLIC_URL is https.
//
// The portal's only inline scripts are those of its index.html (web.ts): the import map, which browsers take only
// inline, and the module that starts the root config. They carry the response's nonce, which the policy names; no
// other inline script runs. Styles may be inline: the apps inject their stylesheets as <style> elements and the chart,
// map and table libraries set style attributes. The issuer's own pages (identity/pages.ts) replace this policy with
// their stricter one when they answer.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';

/** The tiles the property map draws over its bundled base layer (shared-ui/src/map/PropertyMap.tsx). */
const MAP_TILES_ORIGIN = 'https://tile.openstreetmap.org';

/** Stripe.js, loaded by @stripe/stripe-js for the embedded Checkout. */
const STRIPE_JS_ORIGIN = 'https://js.stripe.com';

const nonces = new WeakMap<ServerResponse, string>();

/** The Content-Security-Policy nonce of this response (made on first use, so one per response). */
export function cspNonce(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(res, nonce);
  }
  return nonce;
}

/** The policy's directives: helmet writes them on each response, the script nonce that response's own. */
export function cspDirectives(config: ServerConfig) {
  const https = new URL(config.publicUrl).protocol === 'https:';
  // oidc-client-ts talks to an outside issuer from the browser (discovery, token, user info).
  const issuerOrigin = config.oidc.issuer ? [new URL(config.oidc.issuer).origin] : [];
  // The admin calls' separate base host, when ADMIN_API_URL names one.
  const adminOrigin = config.exchange.adminApiUrl?.startsWith('http')
    ? [new URL(config.exchange.adminApiUrl).origin]
    : [];
  // Stripe's embedded Checkout (issue 19), when card payments are configured: Stripe.js and its frames.
  const s = config.payments.stripe;
  const stripe = s.secretKey && s.publishableKey && s.webhookSecret;
  const stripeScript = stripe ? [STRIPE_JS_ORIGIN] : [];
  const stripeFrames = stripe ? [STRIPE_JS_ORIGIN, 'https://checkout.stripe.com'] : [];
  return {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonce(res)}'`,
      ...stripeScript,
    ],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', MAP_TILES_ORIGIN],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...issuerOrigin, ...adminOrigin, ...(stripe ? ['https://api.stripe.com'] : [])],
    ...(stripe ? { 'frame-src': ["'self'", ...stripeFrames] } : {}),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const https = new URL(config.publicUrl).protocol === 'https:';
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Browsers remember it for a year: only when the portal is served over HTTPS.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    // The origin alone to other sites (the map tiles' servers ask for one), nothing when going from https to http.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
