// The Italian provinces (data-and-admin section 3 "Reference lists": name, code, regione). Filled by issue 6.
export interface Province {
  /** The two-letter sigla, e.g. 'MI'. */
  code: string;
  name: string;
  regione: string;
}

export const PROVINCES: ReadonlyArray<Province> = [];
