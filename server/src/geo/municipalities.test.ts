import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createGeocoder, foldName, type MunicipalityRow, offlineGeocoder } from './municipalities.ts';

describe('foldName', () => {
  it('drops accents and case and turns punctuation into spaces', () => {
    expect(foldName('Forlì')).toBe('forli');
    expect(foldName("  Sant'Agata  de' Goti ")).toBe('sant agata de goti');
    expect(foldName('Bolzano/Bozen')).toBe('bolzano bozen');
    expect(foldName('San Floriano del Collio-Števerjan')).toBe('san floriano del collio steverjan');
  });
});

describe('createGeocoder', () => {
  const rows: MunicipalityRow[] = [
    ['Reggio Emilia', 'RE', 44.698, 10.631, null, 171_000],
    ['Reggiolo', 'RE', 44.917, 10.809, '42046', 9_000],
    ['Reggio Calabria', 'RC', 38.111, 15.647, null, 180_000],
    ['Campo Reggio', 'MI', 45.5, 9.2, '20100', 500_000],
    ['Castel San Giovanni', 'PC', 45.06, 9.43, '29015', 13_000],
    ['San Giovanni in Persiceto', 'BO', 44.64, 11.18, '40017', 28_000],
    ['Bolzano/Bozen', 'BZ', 46.49, 11.34, '39100', 107_000],
    ["Sant'Angelo Lodigiano", 'LO', 45.23, 9.4, '26866', 13_000],
  ];
  const geocoder = createGeocoder(rows);
  const cities = (query: string, limit?: number) => geocoder.search(query, limit).map((place) => place.city);

  it('ranks prefixes before word matches, then by population', () => {
    // 'Campo Reggio' is the largest but matches a later word only, so it comes last.
    expect(cities('reggio')).toEqual(['Reggio Calabria', 'Reggio Emilia', 'Reggiolo', 'Campo Reggio']);
  });

  it('puts the exact name first even when a longer name is larger', () => {
    const exact = createGeocoder([
      ['Vobarno', 'BS', 45.64, 10.5, '25079', 8_000],
      ['Vo', 'PD', 45.33, 11.64, '35030', 3_300],
      ['Bari Sardo', 'NU', 39.84, 9.65, '08042', 4_000],
      ['Bari', 'BA', 41.12, 16.87, null, 320_000],
      ['Barile', 'PZ', 40.95, 15.67, '85022', 2_800],
    ]);
    expect(exact.search('vo').map((place) => place.city)).toEqual(['Vo', 'Vobarno']);
    expect(exact.search('bari').map((place) => place.city)).toEqual(['Bari', 'Bari Sardo', 'Barile']);
    expect(exact.search('bari s').map((place) => place.city)).toEqual(['Bari Sardo']);
  });

  it('matches every word of the query at the start of a word of the name', () => {
    expect(cities('reggio cal')).toEqual(['Reggio Calabria']);
    expect(cities('giovanni')).toEqual(['San Giovanni in Persiceto', 'Castel San Giovanni']);
    expect(cities('persiceto san')).toEqual(['San Giovanni in Persiceto']);
  });

  it('ignores accents, case, apostrophes and spacing', () => {
    expect(cities('SANT ANGELO')).toEqual(["Sant'Angelo Lodigiano"]);
    expect(cities('santangelo')).toEqual(["Sant'Angelo Lodigiano"]);
    expect(cities('bozen')).toEqual(['Bolzano/Bozen']);
  });

  it("keeps one province with 'name (sigla)'", () => {
    expect(cities('reggio (RC)')).toEqual(['Reggio Calabria']);
    expect(cities('Reggio (re')).toEqual(['Reggio Emilia', 'Reggiolo']);
    expect(cities('reggio (TO)')).toEqual([]);
  });

  it('answers at most limit places, alphabetically among equals', () => {
    expect(cities('reggio', 2)).toEqual(['Reggio Calabria', 'Reggio Emilia']);
    const ties = createGeocoder([
      ['Zeta', 'MI', 45, 9, null, 100],
      ['Zebra', 'MI', 45, 9, null, 100],
    ]);
    expect(ties.search('ze').map((place) => place.city)).toEqual(['Zebra', 'Zeta']);
    expect(cities('   ')).toEqual([]);
    expect(cities('nowhere')).toEqual([]);
  });

  it('answers the place with its label, region and coordinates', () => {
    expect(geocoder.search('reggiolo')).toEqual([
      {
        label: 'Reggiolo (RE)',
        city: 'Reggiolo',
        provinceCode: 'RE',
        regione: 'Emilia-Romagna',
        zipcode: '42046',
        country: 'IT',
        lat: 44.917,
        lng: 10.809,
      },
    ]);
  });

  it('answers a place without coordinates with lat and lng null', () => {
    const unlocated = createGeocoder([['Ariano Irpino', 'AV', null, null, '83031', 22_517]]);
    expect(unlocated.search('ariano')).toEqual([
      {
        label: 'Ariano Irpino (AV)',
        city: 'Ariano Irpino',
        provinceCode: 'AV',
        regione: 'Campania',
        zipcode: '83031',
        country: 'IT',
        lat: null,
        lng: null,
      },
    ]);
  });

  it('rejects a row with an unknown province', () => {
    expect(() => createGeocoder([['Atlantide', 'XX', 0, 0, null, 0]])).toThrow('unknown province XX');
  });
});

describe('offlineGeocoder (the shipped data)', () => {
  it('holds every municipality, each in a known province and inside Italy', async () => {
    const geocoder = await offlineGeocoder();
    expect(await offlineGeocoder()).toBe(geocoder);
    // The first search letter by letter finds every name; about 7,900 municipalities (ISTAT).
    const all = new Set<string>();
    for (const letter of 'abcdefghijklmnopqrstuvwxyz')
      for (const place of geocoder.search(letter, 10_000)) all.add(`${place.city}|${place.provinceCode}`);
    expect(all.size).toBeGreaterThan(7_850);
    expect(all.size).toBeLessThan(8_000);
    for (const place of geocoder.search('a', 10_000)) {
      if (place.lat === null || place.lng === null) {
        expect([place.lat, place.lng]).toEqual([null, null]);
        continue;
      }
      expect(place.lat).toBeGreaterThan(35.4);
      expect(place.lat).toBeLessThan(47.1);
      expect(place.lng).toBeGreaterThan(6.6);
      expect(place.lng).toBeLessThan(18.6);
    }
  });

  it('ships 7,434 municipalities with coordinates and 462 without (README "Sources")', async () => {
    const rows = JSON.parse(
      gunzipSync(readFileSync(new URL('./data/municipalities.json.gz', import.meta.url))).toString('utf8'),
    ) as MunicipalityRow[];
    expect(rows).toHaveLength(7_896);
    const unlocated = rows.filter(([, , lat, lng]) => lat === null || lng === null);
    expect(unlocated).toHaveLength(462);
    // Both coordinates are missing together, and the place keeps its province, CAP and population.
    for (const [, , lat, lng] of unlocated) expect([lat, lng]).toEqual([null, null]);
    expect(unlocated).toContainEqual(['Ariano Irpino', 'AV', null, null, '83031', 22_517]);
    // GeoNames lists the large cities by their English name ('Rome'): they keep their point.
    expect(rows.find(([name]) => name === 'Roma')).toEqual(['Roma', 'RM', 41.8919, 12.5113, null, 2_617_175]);
  });

  it('still finds a municipality without coordinates', async () => {
    expect((await offlineGeocoder()).search('ariano irpino')).toEqual([
      expect.objectContaining({ label: 'Ariano Irpino (AV)', zipcode: '83031', lat: null, lng: null }),
    ]);
  });

  it("finds 'Forlì' from 'forli', the capital first", async () => {
    const [first, second] = (await offlineGeocoder()).search('forli');
    expect(first).toMatchObject({ label: 'Forlì (FC)', city: 'Forlì', provinceCode: 'FC', regione: 'Emilia-Romagna' });
    expect(first!.lat).toBeCloseTo(44.22, 1);
    expect(first!.lng).toBeCloseTo(12.04, 1);
    expect(second).toMatchObject({ city: 'Forlimpopoli', provinceCode: 'FC' });
    expect((await offlineGeocoder()).search('forli del')).toEqual([
      expect.objectContaining({ label: 'Forlì del Sannio (IS)', regione: 'Molise', zipcode: '86084' }),
    ]);
  });

  it('ranks the large cities first and gives single CAPs', async () => {
    const geocoder = await offlineGeocoder();
    expect(geocoder.search('roma')[0]).toMatchObject({ city: 'Roma', provinceCode: 'RM', zipcode: null });
    expect(geocoder.search('milano')[0]).toMatchObject({ city: 'Milano', provinceCode: 'MI', regione: 'Lombardia' });
    expect(geocoder.search('abano')).toEqual([
      expect.objectContaining({ city: 'Abano Terme', provinceCode: 'PD', zipcode: '35031' }),
    ]);
    expect(geocoder.search('bozen')[0]).toMatchObject({ city: 'Bolzano/Bozen', provinceCode: 'BZ' });
    expect(geocoder.search('lampedusa')[0]).toMatchObject({ provinceCode: 'AG', regione: 'Sicilia' });
  });
});
