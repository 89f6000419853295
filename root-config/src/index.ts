// @patrimonio/root-config: starts the portal. Thin by design: i18n and styles from shared-ui, the session,
// the shell (layout, public pages, guards) and the registration of the domain apps.
import { i18n, initI18n, injectStyles } from '@patrimonio/shared-ui';
import { start } from 'single-spa';
import { registerApps } from './apps.ts';
import { readPortalConfig } from './auth/portal-config.ts';
import { SessionController } from './auth/session-controller.ts';
import { renderShell } from './shell/render.tsx';

injectStyles();
const session = new SessionController(readPortalConfig());
// The active language's catalogue is a chunk of its own (issue 21): the shell renders once it is in, so no text shows
// as a message id.
void initI18n().then(() => {
  renderShell(document.getElementById('portal')!, session, i18n);
  registerApps();
  start({ urlRerouteOnly: true });
  return session.init();
});
