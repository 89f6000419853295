// Impersonation (portal-and-report 2 and 6; issue 19): an ADMIN acts as a chosen PRO. The root config does the work
// (the token exchange at the issuer, the session's token and profile: root-config/src/auth/session-controller.ts) and
// provides it here, so that the apps (the admin's users table) and the shell's banner can start and stop it.

export interface ImpersonationControl {
  /** Exchanges the ADMIN's token for one of the PRO (user id), reloads the profile and opens the PRO's home. */
  start(proId: number): Promise<void>;
  /** Ends it: the exchanged token is revoked, the ADMIN's own session and home come back. */
  stop(): Promise<void>;
}

let control: ImpersonationControl | null = null;

/** Called once by the root config. */
export function provideImpersonation(c: ImpersonationControl): void {
  control = c;
}

function current(): ImpersonationControl {
  if (!control) throw new Error('impersonation is not available on this page');
  return control;
}

export const startImpersonation = (proId: number): Promise<void> => current().start(proId);
export const stopImpersonation = (): Promise<void> => current().stop();
