// Error messages in one voice (issue 22, docs/messages.md): "Impossibile …" in Italian, "Could not …" in English, and
// one way to say "try again". The catalogues hold every message of the portal, so the check reads them.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

/** The msgid and msgstr pairs of a catalogue (single-line entries, as lingui writes them). */
function entries(locale: 'it' | 'en'): Array<[string, string]> {
  const po = readFileSync(new URL(`../locales/${locale}/messages.po`, import.meta.url), 'utf8');
  return [...po.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)].map((m) => [JSON.parse(m[1]!), JSON.parse(m[2]!)]);
}

describe('error messages speak with one voice', () => {
  test('Italian: "Impossibile …", "Riprova tra qualche istante."', () => {
    const other = /Non è stato possibile|non è andat[oa] a buon fine|[Rr]iprova più tardi|Si è verificato un errore/;
    expect(entries('it').filter(([, text]) => other.test(text))).toEqual([]);
  });
  test('English: "Could not …", "Try again in a moment."', () => {
    const other = /could not be \w+ed|did not go through|[Pp]lease try again|[Tt]ry again later|^Unable to/;
    // The spec's own generic toast keeps its words (error_500).
    const found = entries('en').filter(([id, text]) => id !== 'error_500' && other.test(text));
    expect(found).toEqual([]);
  });
  test('the rule in use: loading failures in both languages', () => {
    const en = new Map(entries('en'));
    expect(en.size).toBeGreaterThan(1000);
    expect(en.get('Impossibile caricare i clienti. Riprova tra qualche istante.')).toBe(
      'Could not load the clients. Try again in a moment.',
    );
    expect(en.get('Impossibile salvare. Riprova tra qualche istante.')).toBe('Could not save. Try again in a moment.');
  });
});
