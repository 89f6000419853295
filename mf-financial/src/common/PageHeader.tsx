// The page heading (and document title), with the legacy financials entry for impersonating sessions.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link, type OwnerScope, usePageTitle, useSession } from '@patrimonio/shared-ui';
import type { ReactNode } from 'react';
import { showsLegacyFinancials } from './access.ts';

export function PageHeader(props: {
  title: MessageDescriptor;
  scope?: OwnerScope;
  /** Show the link to the legacy financials page (position and performance). */
  legacyLink?: boolean;
  actions?: ReactNode;
}) {
  const { i18n } = useLingui();
  const { user } = useSession();
  usePageTitle(props.title);
  const legacy = props.legacyLink && props.scope && showsLegacyFinancials(user);
  return (
    <header className="fin-page-head">
      <h1 className="pt-page-title fin-page-head__title">{i18n._(props.title)}</h1>
      <div className="fin-page-head__actions">
        {legacy ? (
          <Link
            to={`${props.scope?.basePath ?? ''}/financials`}
            className="pt-btn pt-btn--ghost"
            data-testid="legacy-financials"
          >
            <Trans>Finanziario (legacy)</Trans>
          </Link>
        ) : null}
        {props.actions}
      </div>
    </header>
  );
}
