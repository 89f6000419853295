// The document title: "Patrimonio - {page name}", following the language; on the pages of a selected client or
// family, "Patrimonio - {page name} - {client or family name}" (issue 22), so that tabs on several clients read apart.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { selectionName, useSession } from '../session/store.ts';

export const PRODUCT_NAME = 'Patrimonio';

export function pageTitle(pageName: string, selected = ''): string {
  return [PRODUCT_NAME, pageName, selected].filter(Boolean).join(' - ');
}

export function usePageTitle(title: MessageDescriptor | string): void {
  const { i18n } = useLingui();
  const { selection } = useSession();
  const name = typeof title === 'string' ? title : i18n._(title);
  // The route's client or family, once loaded (the shell clears the selection on pages without one).
  const selected = selection?.status === 'succeded' ? selectionName(selection) : '';
  useEffect(() => {
    document.title = pageTitle(name, selected);
  }, [name, selected]);
}
