// The price table covers every Italian province of the reference list, each under its own region, and the suggestion
// is area x EUR/m2 for the province, typology and state (worked examples in the comments).
import { PROVINCES } from '@patrimonio/shared-api';
import { describe, expect, test } from 'vitest';
import { PRICE_TABLE_DATE, PRICED_PROVINCES, pricePerMq, REGIONS } from './price-table.ts';
import { suggestEvaluation } from './suggested.ts';

const key = (regione: string) => regione.toLowerCase().replace(/[^a-z]/g, '');

describe('the price table', () => {
  test('covers exactly the provinces of the reference list (107)', () => {
    expect(PROVINCES).toHaveLength(107);
    expect([...PRICED_PROVINCES].sort()).toEqual(PROVINCES.map((p) => p.code).sort());
  });

  test("places each province in its reference region (the region's figure applies)", () => {
    for (const p of PROVINCES) {
      const region = REGIONS.find((r) => r.provinces.includes(p.code));
      expect(region?.key, p.code).toBe(key(p.regione));
    }
  });

  test('EUR/m2: residential x typology factor x state coefficient, to the euro', () => {
    // Milano residential 3,398 (its own figure): COMMERCIAL OPTIMAL 3,398 x 0.9 x 1.2 = 3,669.84 -> 3,670.
    expect(pricePerMq('MI', 'COMMERCIAL', 'OPTIMAL')).toBe(3670);
    // Varese takes Lombardia's 2,226: RESIDENTIAL NORMAL 2,226; LAND 2,226 x 0.03 = 66.78 -> 67.
    expect(pricePerMq('VA', 'RESIDENTIAL', 'NORMAL')).toBe(2226);
    expect(pricePerMq('VA', 'LAND', 'NORMAL')).toBe(67);
    expect(pricePerMq('XX', 'RESIDENTIAL', 'NORMAL')).toBeNull();
  });
});

describe('the suggested evaluation', () => {
  test('80 m2 residential in Milano, POOR: 3,398 x 0.8 = 2,718 EUR/m2, value 217,440', () => {
    expect(
      suggestEvaluation({ provinceCode: 'MI', typology: 'RESIDENTIAL', conservationState: 'POOR', mq: 80 }),
    ).toMatchObject({ value: 217440, eurPerMq: 2718, date: PRICE_TABLE_DATE, reason: null });
  });

  test('no value without a province or an area, with the reason', () => {
    expect(
      suggestEvaluation({ provinceCode: null, typology: 'RESIDENTIAL', conservationState: 'NORMAL', mq: 80 }),
    ).toMatchObject({ value: null, eurPerMq: null, reason: 'NO_PROVINCE' });
    expect(
      suggestEvaluation({ provinceCode: 'RM', typology: 'RESIDENTIAL', conservationState: 'NORMAL', mq: null }),
    ).toMatchObject({ value: null, eurPerMq: 2126, reason: 'NO_AREA' });
  });
});
