// The API client every app uses: typed from shared-api, with the session's bearer token. Admin calls go to the
// portal configuration's adminApiBase when the server names one (ADMIN_API_URL), else to this server.
import { createApiClient } from '@patrimonio/shared-api';
import { sessionStore } from './session/store.ts';

let adminBase: string | undefined | null = null;
/** The admin calls' base from the page's portal-config (written by the server into index.html), read once. */
function adminApiBase(): string | undefined {
  if (adminBase === null) {
    try {
      const text = typeof document === 'undefined' ? null : document.getElementById('portal-config')?.textContent;
      adminBase = text ? ((JSON.parse(text) as { adminApiBase?: string }).adminApiBase ?? undefined) : undefined;
    } catch {
      adminBase = undefined;
    }
  }
  return adminBase || undefined;
}

export const api = createApiClient({
  getAccessToken: () => sessionStore.get().accessToken,
  adminBaseUrl: adminApiBase,
});
