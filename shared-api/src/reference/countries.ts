// Countries with Italian and English names and a code (data-and-admin section 3 "Reference lists"). Filled by issue 6.
export interface Country {
  /** ISO 3166-1 alpha-2, e.g. 'IT'. */
  code: string;
  it: string;
  en: string;
}

export const COUNTRIES: ReadonlyArray<Country> = [];
