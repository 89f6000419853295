// /register-pro: the professional's registration form. The server side of registration comes with a later
// issue: until then the form checks its fields and says that registration opens soon.
import { Trans, useLingui } from '@lingui/react/macro';
import { BlankLayout, Link } from '@patrimonio/shared-ui';
import { type FormEvent, useState } from 'react';

export function RegisterProPage() {
  const { t } = useLingui();
  const [submitted, setSubmitted] = useState(false);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (e.currentTarget.reportValidity()) setSubmitted(true);
  };
  return (
    <BlankLayout>
      <form className="pt-public pt-form" onSubmit={onSubmit} data-testid="register-pro">
        <h1>
          <Trans>Registrazione professionista</Trans>
        </h1>
        <label>
          <Trans>Nome</Trans>
          <input name="firstName" required autoComplete="given-name" />
        </label>
        <label>
          <Trans>Cognome</Trans>
          <input name="lastName" required autoComplete="family-name" />
        </label>
        <label>
          <Trans>Email</Trans>
          <input name="email" type="email" required autoComplete="email" />
        </label>
        <label>
          <Trans>Partita IVA</Trans>
          <input name="vat" inputMode="numeric" pattern="[0-9]{11}" title={t`11 cifre`} />
        </label>
        <label className="pt-form__check">
          <input name="terms" type="checkbox" required /> <Trans>Accetto i termini e le condizioni</Trans>
        </label>
        {submitted ? (
          <p role="status">
            <Trans>La registrazione online apre a breve: il tuo referente Patrimonio ti contatterà.</Trans>
          </p>
        ) : null}
        <button type="submit" className="pt-button pt-button--primary">
          <Trans>Registrati</Trans>
        </button>
        <Link to="/login">
          <Trans>Hai già un account? Accedi</Trans>
        </Link>
      </form>
    </BlankLayout>
  );
}
