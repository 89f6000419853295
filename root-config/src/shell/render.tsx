import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryProvider } from '@patrimonio/shared-ui';
import { createRoot } from 'react-dom/client';
import type { SessionController } from '../auth/session-controller.ts';
import { Shell } from './Shell.tsx';

export function renderShell(element: HTMLElement, session: SessionController, i18n: I18n): void {
  createRoot(element).render(
    <I18nProvider i18n={i18n}>
      {/* The shared query cache, also the apps': the menu's badge refetches when an app's write invalidates it. */}
      <QueryProvider>
        <Shell session={session} />
      </QueryProvider>
    </I18nProvider>,
  );
}
