// The fee table's model (spec: six subcauses in a fixed order, Altro also for NULL; fees by quarter with totals) and
// the widgets' attribute reading.

import { FEE_REPORT_SUBCAUSES as FEE_SUBCAUSES } from '@patrimonio/shared-api/constants';
import { describe, expect, test, vi } from 'vitest';
import { hostOf, parseJsonAttribute, widgetLocale } from './attributes.ts';
import { feeTableModel, subcauseOf } from './fees.ts';

const q = (quarter: number, year: number, value: number) => ({ quarter, year, value });

describe('fee table model', () => {
  test('worked example: six rows in order, a null subcause as Altro, totals per quarter', () => {
    const model = feeTableModel({
      quarters: [
        { quarter: 1, year: 2024 },
        { quarter: 2, year: 2024 },
      ],
      accountComposition: [
        {
          accountId: 7,
          intermediary: 'Banca Alfa',
          user: 'Marco Rossi',
          gm: 10_000,
          subcauses: [
            { subcauseName: 'NEGOZIAZIONE', quarters: [q(1, 2024, 10), q(2, 2024, 0)] },
            { subcauseName: 'CONTO_CORRENTE', quarters: [q(1, 2024, 7.5), q(2, 2024, 7.5)] },
            { subcauseName: null, quarters: [q(2, 2024, 2.5)] },
          ],
        },
      ],
    });
    expect(model.quarters).toEqual([
      { quarter: 1, year: 2024 },
      { quarter: 2, year: 2024 },
    ]);
    const [account] = model.accounts;
    expect(account!.key).toBe('7');
    expect(account!.rows.map((r) => r.subcause)).toEqual([...FEE_SUBCAUSES]);
    expect(account!.rows.map((r) => r.values)).toEqual([
      [7.5, 7.5],
      [0, 0],
      [10, 0],
      [0, 0],
      [0, 0],
      [0, 2.5],
    ]);
    expect(account!.rows[0]!.total).toBe(15);
    expect(account!.totals).toEqual([17.5, 10]);
    expect(account!.total).toBe(27.5);
    expect(model.totals).toEqual([17.5, 10]);
    expect(model.total).toBe(27.5);
  });

  test('totals of several accounts to the cent; quarters from the rows when not given, in time order', () => {
    const account = (id: number, value: number) => ({
      accountId: id,
      intermediary: 'B',
      user: 'U',
      subcauses: [{ subcauseName: 'GESTIONE', quarters: [q(1, 2025, value), q(4, 2024, 0.1)] }],
    });
    const model = feeTableModel({ accountComposition: [account(1, 0.1), account(2, 0.2)] });
    expect(model.quarters).toEqual([
      { quarter: 4, year: 2024 },
      { quarter: 1, year: 2025 },
    ]);
    expect(model.totals).toEqual([0.2, 0.3]);
    expect(model.total).toBe(0.5);
    expect(model.accounts[0]!.gm).toBeNull();
  });

  test('a quarter outside the columns is ignored; nothing in, an empty table', () => {
    const model = feeTableModel({
      quarters: [{ quarter: 3, year: 2024 }],
      accountComposition: [
        { intermediary: 'B', user: 'U', subcauses: [{ subcauseName: 'Altro', quarters: [q(2, 2024, 5)] }] },
      ],
    });
    expect(model.totals).toEqual([0]);
    expect(model.accounts[0]!.key).toBe('a0');
    expect(feeTableModel(null)).toEqual({ quarters: [], accounts: [], totals: [], total: 0 });
  });

  test('subcauses: the six names, anything else is Altro', () => {
    expect(subcauseOf('CONSULENZA')).toBe('CONSULENZA');
    expect(subcauseOf(null)).toBe('Altro');
    expect(subcauseOf('SCONOSCIUTA')).toBe('Altro');
  });
});

describe('attributes', () => {
  test('JSON attributes: parsed, passed through when already values, a fallback when invalid', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseJsonAttribute('[{"label":"a","value":1}]', [], 'slices')).toEqual([{ label: 'a', value: 1 }]);
    expect(parseJsonAttribute([1], [], 'slices')).toEqual([1]);
    expect(parseJsonAttribute(null, 'none', 'x')).toBe('none');
    expect(parseJsonAttribute('{oops', 'bad', 'x')).toBe('bad');
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  test('language: the attribute, else the closest lang around the host, else Italian', () => {
    expect(widgetLocale('en', null)).toBe('en');
    expect(widgetLocale('en-GB', null)).toBe('en');
    expect(widgetLocale('it', null)).toBe('it');
    expect(widgetLocale(undefined, null)).toBe('it');
    const around = { getAttribute: () => 'en-US' };
    const host = { parentElement: { closest: () => around } } as unknown as Element;
    expect(widgetLocale('', host)).toBe('en');
  });

  test('the host of a shadow root', () => {
    const host = { nodeType: 1 } as unknown as HTMLElement;
    expect(hostOf({ host } as unknown as Node)).toBe(host);
    expect(hostOf(host)).toBe(host);
    expect(hostOf(undefined)).toBeNull();
  });
});
