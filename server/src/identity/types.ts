import type { Permission, Role } from '@patrimonio/shared-api';

/** Who is calling, as read from a verified access token. */
export interface AuthUser {
  /** The token's subject: our users.id as a string for the embedded issuer. */
  sub: string;
  /** Our users.id when the subject is a known local user. */
  userId: number | null;
  role: Role;
  permissions: Permission[];
  name: string;
  /** Set when an ADMIN acts as another user: the ADMIN's user id. */
  impersonator: string | null;
  /** An impersonating token's own key, which stopping the impersonation revokes (identity/impersonation.ts). */
  impersonationKey?: string;
}

/** Verifies a bearer access token (signature through the issuer's JWKS, issuer, audience, expiry). */
export type TokenVerifier = (token: string) => Promise<AuthUser>;
