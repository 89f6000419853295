// The document title: "Patrimonio - {page name}", following the language.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';

export const PRODUCT_NAME = 'Patrimonio';

export function pageTitle(pageName: string): string {
  return pageName ? `${PRODUCT_NAME} - ${pageName}` : PRODUCT_NAME;
}

export function usePageTitle(title: MessageDescriptor | string): void {
  const { i18n } = useLingui();
  const name = typeof title === 'string' ? title : i18n._(title);
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
}
