// Who may change family business and art and luxury data (DESIGN.md 3; the server enforces the same rule and
// answers 403 to BASIC writes): ADMIN, BACK_OFFICE, PRO and DELEGATE write, BASIC reads its own data only.
import type { Role } from '@patrimonio/shared-ui';

export const canWriteAssets = (role: Role | null | undefined): boolean =>
  role === 'ADMIN' || role === 'BACK_OFFICE' || role === 'PRO' || role === 'DELEGATE';
