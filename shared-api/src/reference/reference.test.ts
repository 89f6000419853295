import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryByCode } from './countries.ts';
import { PROVINCES, provinceByCode, REGIONI } from './provinces.ts';

describe('PROVINCES', () => {
  it('lists the 107 provinces with unique two-letter codes', () => {
    expect(PROVINCES).toHaveLength(107);
    const codes = PROVINCES.map((province) => province.code);
    expect(new Set(codes).size).toBe(107);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('puts every province in one of the 20 regions, and every region has a province', () => {
    expect(REGIONI).toHaveLength(20);
    const regions = new Set<string>(REGIONI);
    for (const province of PROVINCES) expect(regions.has(province.regione), province.code).toBe(true);
    expect(new Set(PROVINCES.map((province) => province.regione)).size).toBe(20);
  });

  it('has the known rows and counts per region', () => {
    expect(provinceByCode('MI')).toEqual({ code: 'MI', name: 'Milano', regione: 'Lombardia' });
    expect(provinceByCode('fc')).toEqual({ code: 'FC', name: 'Forlì-Cesena', regione: 'Emilia-Romagna' });
    expect(provinceByCode('BT')).toEqual({ code: 'BT', name: 'Barletta-Andria-Trani', regione: 'Puglia' });
    expect(provinceByCode('AO')?.regione).toBe("Valle d'Aosta");
    expect(provinceByCode('XX')).toBeUndefined();
    const count = (regione: string) => PROVINCES.filter((province) => province.regione === regione).length;
    expect(count('Lombardia')).toBe(12);
    expect(count('Sicilia')).toBe(9);
    expect(count('Trentino-Alto Adige')).toBe(2);
  });

  it('is sorted by name', () => {
    const names = PROVINCES.map((province) => province.name);
    expect(names.slice(0, 3)).toEqual(['Agrigento', 'Alessandria', 'Ancona']);
    expect(names.at(-1)).toBe('Viterbo');
  });
});

describe('COUNTRIES', () => {
  it('lists every ISO 3166-1 country once, with Italian and English names', () => {
    expect(COUNTRIES.length).toBe(250);
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.it.length).toBeGreaterThan(0);
      expect(country.en.length).toBeGreaterThan(0);
    }
  });

  it('names Italy and its neighbours in both languages', () => {
    expect(countryByCode('IT')).toEqual({ code: 'IT', it: 'Italia', en: 'Italy' });
    expect(countryByCode('de')).toEqual({ code: 'DE', it: 'Germania', en: 'Germany' });
    expect(countryByCode('CH')).toEqual({ code: 'CH', it: 'Svizzera', en: 'Switzerland' });
    // A locale entry with short forms gives its official (first) name.
    expect(countryByCode('GB')).toEqual({ code: 'GB', it: 'Regno Unito', en: 'United Kingdom' });
    expect(countryByCode('ZZ')).toBeUndefined();
  });

  it('is sorted by the Italian name', () => {
    const names = COUNTRIES.map((country) => country.it);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
    expect(names[0]).toBe('Afghanistan');
  });
});
