// Countries with Italian and English names and a code (data-and-admin section 3 "Reference lists"). The names
// come from the i18n-iso-countries locale files; only the Italian and English ones are imported (not the
// library's entry point, which would bring its alpha-3/numeric tables and a diacritics map into every page).
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };

export interface Country {
  /** ISO 3166-1 alpha-2, e.g. 'IT'. */
  code: string;
  it: string;
  en: string;
}

type LocaleNames = Record<string, string | string[]>;

/** The official name: a locale lists it first when it also gives short forms (as the library's getName does). */
function officialName(names: LocaleNames, code: string): string {
  const name = names[code];
  const official = Array.isArray(name) ? name[0] : name;
  if (!official) throw new Error(`i18n-iso-countries: no name for ${code}`);
  return official;
}

const itNames: LocaleNames = it.countries;
const enNames: LocaleNames = en.countries;

/** Every ISO 3166-1 country, sorted by the Italian name as the country select shows them. */
export const COUNTRIES: ReadonlyArray<Country> = Object.keys(itNames)
  .map((code) => ({ code, it: officialName(itNames, code), en: officialName(enNames, code) }))
  .sort((a, b) => a.it.localeCompare(b.it, 'it'));

const COUNTRY_BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

/** The country of an alpha-2 code (case-insensitive), or undefined. */
export function countryByCode(code: string): Country | undefined {
  return COUNTRY_BY_CODE.get(code.trim().toUpperCase());
}
