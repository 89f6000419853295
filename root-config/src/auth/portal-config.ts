// Settings the server writes into index.html (identity provider, client id, scope).
export interface PortalConfig {
  authority: string;
  clientId: string;
  scope: string;
  embedded: boolean;
  /** Where the admin calls go; '' for this server (shared-ui api.ts reads it). */
  adminApiBase: string;
}

export function readPortalConfig(): PortalConfig {
  const el = document.getElementById('portal-config');
  if (!el?.textContent) throw new Error('portal-config missing from index.html');
  return JSON.parse(el.textContent) as PortalConfig;
}
