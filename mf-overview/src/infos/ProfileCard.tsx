// The signed-in user's profile (GET /user/me) and the language preference (Italian or English, kept in this
// browser like the top bar's switcher).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorState, type Locale, ROLE_LABELS, Section, Skeleton, setLocale, useApiQuery } from '@patrimonio/shared-ui';

const PERMISSION_LABELS: Record<string, MessageDescriptor> = {
  APPROVE_MOVEMENT: msg`Approvazione dei movimenti`,
  MANAGE_CONTROL: msg`Gestione dei controlli`,
};

/** Each language is named in its own language, as in the top bar. */
const LANGUAGES: { code: Locale; name: string }[] = [
  { code: 'it', name: 'Italiano' },
  { code: 'en', name: 'English' },
];

export function ProfileCard() {
  const { t, i18n } = useLingui();
  const me = useApiQuery('userMe');
  const locale: Locale = i18n.locale === 'en' ? 'en' : 'it';
  return (
    <>
      <Section titleId="pt-ov-account-title" title={<Trans>Account</Trans>} data-testid="profile-card">
        {me.isPending ? (
          <div role="status" aria-label={t`Caricamento del profilo`}>
            <Skeleton />
            <Skeleton />
          </div>
        ) : me.isError ? (
          <ErrorState onRetry={() => void me.refetch()} />
        ) : (
          <dl className="pt-ov-details">
            <div className="pt-ov-details__row" data-field="name">
              <dt>
                <Trans>Nominativo</Trans>
              </dt>
              <dd>{me.data.name}</dd>
            </div>
            <div className="pt-ov-details__row" data-field="role">
              <dt>
                <Trans>Ruolo</Trans>
              </dt>
              <dd>{i18n._(ROLE_LABELS[me.data.role])}</dd>
            </div>
            {me.data.role === 'DELEGATE' ? (
              <div className="pt-ov-details__row" data-field="permissions">
                <dt>
                  <Trans>Permessi</Trans>
                </dt>
                <dd>
                  {me.data.permissions.length
                    ? me.data.permissions
                        .map((p) => (PERMISSION_LABELS[p] ? i18n._(PERMISSION_LABELS[p]) : p))
                        .join(', ')
                    : t`Nessuno`}
                </dd>
              </div>
            ) : null}
            {me.data.impersonator ? (
              <div className="pt-ov-details__row" data-field="impersonator">
                <dt>
                  <Trans>Sessione impersonata da</Trans>
                </dt>
                <dd>{me.data.impersonator}</dd>
              </div>
            ) : null}
          </dl>
        )}
      </Section>
      <Section titleId="pt-ov-language-title" title={<Trans>Lingua</Trans>}>
        <fieldset className="pt-ov-switch">
          <legend className="pt-muted">
            <Trans>La lingua dei testi, dei numeri e delle date del portale.</Trans>
          </legend>
          {LANGUAGES.map((l) => (
            <label key={l.code} lang={l.code}>
              <input
                type="radio"
                name="language"
                value={l.code}
                checked={locale === l.code}
                onChange={() => void setLocale(l.code)}
                data-testid={`profile-lang-${l.code}`}
              />
              {l.name}
            </label>
          ))}
        </fieldset>
      </Section>
    </>
  );
}
