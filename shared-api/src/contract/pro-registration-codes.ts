// The professional's registration (issue 19): codes and limits without schemas, for the page
// ('@patrimonio/shared-api/constants') and the server.

/**
 * How many days a new professional's trial lasts, counted from the confirmation of its registration
 * (users.trial_until = today + PRO_TRIAL_DAYS). The subscriptions part of issue 19 defines the same constant.
 */
export const PRO_TRIAL_DAYS = 30;

/** How long a registration's confirmation link works. */
export const PRO_CONFIRMATION_VALID_HOURS = 48;

/** The professional register number (e.g. the OCF register's): letters and digits, 3 to 30. */
export const REGISTER_NUMBER_PATTERN = '^[A-Za-z0-9]{3,30}$';
export const REGISTER_NUMBER_MAX_LENGTH = 30;
