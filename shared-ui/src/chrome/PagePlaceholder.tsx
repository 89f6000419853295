// A page still to come: only its translated title.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';

export function PagePlaceholder({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  return <h1 className="pt-page-title">{i18n._(title)}</h1>;
}
