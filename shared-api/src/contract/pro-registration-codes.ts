// The professional's registration (issue 19): codes and limits without schemas, for the page
// ('@patrimonio/shared-api/constants') and the server.

// A new professional's trial lasts PRO_TRIAL_DAYS (subscription-codes.ts), from the confirmation of its registration.

/** How long a registration's confirmation link works. */
export const PRO_CONFIRMATION_VALID_HOURS = 48;

/** The professional register number (e.g. the OCF register's): letters and digits, 3 to 30. */
export const REGISTER_NUMBER_PATTERN = '^[A-Za-z0-9]{3,30}$';
export const REGISTER_NUMBER_MAX_LENGTH = 30;
