// The rules of a password a user chooses (schema-free, so a page can check them as the server does): the client's
// registration from an invitation, the embedded issuer's password-reset page (issue 17) and the professional's
// registration (issue 19).

/** Shortest password: at least this many characters, not counting spaces at either end. */
export const MIN_PASSWORD_LENGTH = 10;
/** Longest password: the sign-in page reads at most this many characters. */
export const MAX_PASSWORD_LENGTH = 1024;

export const PASSWORD_PROBLEMS = ['too_short', 'too_long', 'too_simple', 'same_as_email', 'same_as_login'] as const;
export type PasswordProblem = (typeof PASSWORD_PROBLEMS)[number];

/** A letter of any alphabet; and a digit or a symbol (anything but a letter or a space). */
const LETTER = /\p{L}/u;
const DIGIT_OR_SYMBOL = /[^\p{L}\s]/u;

/**
 * Why a password may not be chosen, or null: shorter than MIN_PASSWORD_LENGTH once trimmed, longer than
 * MAX_PASSWORD_LENGTH, without a letter or without a digit or symbol (too_simple, issue 19), or the account's email
 * address or login (whatever the case and spaces around it).
 */
export function passwordProblem(
  password: string,
  account: { login?: string | null; email?: string | null },
): PasswordProblem | null {
  const trimmed = password.trim();
  if (trimmed.length < MIN_PASSWORD_LENGTH) return 'too_short';
  if (password.length > MAX_PASSWORD_LENGTH) return 'too_long';
  if (!LETTER.test(trimmed) || !DIGIT_OR_SYMBOL.test(trimmed)) return 'too_simple';
  const same = (value: string | null | undefined) =>
    Boolean(value) && trimmed.toLowerCase() === value!.trim().toLowerCase();
  if (same(account.email)) return 'same_as_email';
  if (same(account.login)) return 'same_as_login';
  return null;
}
