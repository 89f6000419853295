// The page heading: the title (also the document title), an optional subtitle (whose data the page shows) and the
// page's actions on the right. App-specific entries (a legacy link, upload buttons) come in as actions.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../chrome/usePageTitle.ts';

export interface PageHeaderProps {
  /** The page name: the heading and the document title. */
  title: MessageDescriptor | string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  'data-testid'?: string;
}

export function PageHeader(props: PageHeaderProps) {
  const { i18n } = useLingui();
  usePageTitle(props.title);
  const title = typeof props.title === 'string' ? props.title : i18n._(props.title);
  return (
    <header className="pt-page-head" data-testid={props['data-testid']}>
      <div className="pt-page-head__text">
        <h1 className="pt-page-title pt-page-head__title">{title}</h1>
        {props.subtitle ? <p className="pt-page-head__subtitle">{props.subtitle}</p> : null}
      </div>
      {props.actions ? <div className="pt-page-head__actions">{props.actions}</div> : null}
    </header>
  );
}
