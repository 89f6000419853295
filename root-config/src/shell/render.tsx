import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createRoot } from 'react-dom/client';
import type { SessionController } from '../auth/session-controller.ts';
import { Shell } from './Shell.tsx';

export function renderShell(element: HTMLElement, session: SessionController, i18n: I18n): void {
  createRoot(element).render(
    <I18nProvider i18n={i18n}>
      <Shell session={session} />
    </I18nProvider>,
  );
}
