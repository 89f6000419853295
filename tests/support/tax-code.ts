// Italian tax codes for the journeys that add clients: written here from the published rule, not taken from the
// server's validator, so that a wrong rule on either side shows.

/** The check character of an Italian tax code, from its first 15 characters. */
export function taxCodeCheckChar(first15: string): string {
  const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const ch = first15[i]!;
    const v = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? odd[v]! : v;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** A complete tax code: the first 15 characters and their check character. */
export const taxCode = (first15: string): string => `${first15}${taxCodeCheckChar(first15)}`;
