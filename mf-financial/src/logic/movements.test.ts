// Movement requests: the list query, the filter body and the add/edit body with its checks.
import { describe, expect, test } from 'vitest';
import {
  EMPTY_FILTERS,
  type MovementForm,
  movementBody,
  movementListRequest,
  pageCount,
  parseNumber,
} from './movements.ts';

describe('the list request', () => {
  test('a portfolio: ptfId, 50 a page, dateTime desc', () => {
    expect(movementListRequest({ clientId: 3 }, 12, 2, EMPTY_FILTERS)).toEqual({
      query: { ptfId: 12, page: 2, size: 50, sort: 'dateTime,desc' },
      body: {},
    });
  });
  test('the aggregate: the owner query', () => {
    expect(movementListRequest({ familyId: 4 }, 'aggregate', 1, EMPTY_FILTERS).query).toEqual({
      familyId: 4,
      page: 1,
      size: 50,
      sort: 'dateTime,desc',
    });
    expect(movementListRequest({}, 'aggregate', 1, EMPTY_FILTERS).query).toEqual({
      page: 1,
      size: 50,
      sort: 'dateTime,desc',
    });
  });
  test('filters: empty and malformed ones left out', () => {
    const body = movementListRequest({ clientId: 1 }, 'aggregate', 1, {
      dateFrom: '2024-01-01',
      dateTo: '2024-13-01',
      cause: 'FEE',
      accountId: '7',
      isin: ' ie00b4l5y983 ',
      text: '  bollo ',
      status: 'REJECTED',
    }).body;
    expect(body).toEqual({
      dateFrom: '2024-01-01',
      cause: ['FEE'],
      accountId: 7,
      isin: 'IE00B4L5Y983',
      text: 'bollo',
      status: 'REJECTED',
    });
    expect(movementListRequest({}, 1, 1, { ...EMPTY_FILTERS, cause: 'NOPE', isin: 'XX', status: 'gone' }).body).toEqual(
      {},
    );
  });
  test('pages', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
  });
});

const form = (patch: Partial<MovementForm>): MovementForm => ({
  date: '2024-01-03',
  time: '10:15',
  cause: 'DEPOSIT',
  subcause: '',
  accountId: '5',
  offsetAccountId: '',
  isin: '',
  quantity: '',
  price: '',
  amount: '1000',
  currencyId: '',
  description: '',
  ...patch,
});

describe('the add/edit body', () => {
  test('a deposit', () => {
    expect(movementBody(form({ description: ' Bonifico ' }))).toEqual({
      ok: true,
      body: {
        accountId: 5,
        dateTime: '2024-01-03 10:15',
        cause: 'DEPOSIT',
        subcause: null,
        classification: 'Bonifico',
        isin: null,
        quantity: null,
        price: null,
        amount: 1000,
        offsetAccountId: null,
      },
    });
  });
  test('a trade: ISIN, quantity and price required; the offset account kept; amount optional', () => {
    expect(movementBody(form({ cause: 'BUY', amount: '' }))).toEqual({
      ok: false,
      errors: { isin: 'required', quantity: 'required', price: 'required' },
    });
    const ok = movementBody(
      form({ cause: 'BUY', amount: '', isin: 'ie00b4l5y983', quantity: '200', price: '85,12', offsetAccountId: '6' }),
    );
    expect(ok).toMatchObject({
      ok: true,
      body: { isin: 'IE00B4L5Y983', quantity: 200, price: 85.12, amount: null, offsetAccountId: 6 },
    });
    expect(
      movementBody(form({ cause: 'SELL', isin: 'IE00B4L5Y983', quantity: '1', price: '1', offsetAccountId: '5' })),
    ).toMatchObject({ ok: false, errors: { offsetAccountId: 'sameAccount' } });
  });
  test('only a FEE keeps its subcause; Altro is null; non-trades drop the offset account', () => {
    expect(movementBody(form({ cause: 'FEE', subcause: 'NEGOZIAZIONE' }))).toMatchObject({
      body: { subcause: 'NEGOZIAZIONE' },
    });
    expect(movementBody(form({ cause: 'FEE', subcause: 'Altro' }))).toMatchObject({ body: { subcause: null } });
    expect(movementBody(form({ cause: 'TAX', subcause: 'GESTIONE', offsetAccountId: '9' }))).toMatchObject({
      body: { subcause: null, offsetAccountId: null },
    });
  });
  test('required and malformed fields', () => {
    expect(movementBody(form({ date: '', cause: '', accountId: '', amount: '' }))).toEqual({
      ok: false,
      errors: { date: 'required', cause: 'required', accountId: 'required' },
    });
    expect(movementBody(form({ amount: '' }))).toEqual({ ok: false, errors: { amount: 'required' } });
    expect(movementBody(form({ amount: '-3', isin: 'nope' }))).toEqual({
      ok: false,
      errors: { amount: 'invalid', isin: 'invalid' },
    });
    expect(movementBody(form({ date: '2024-02-30' }))).toMatchObject({ ok: false, errors: { date: 'invalid' } });
  });
  test('numbers with a dot or a comma', () => {
    expect(parseNumber('85,12')).toBe(85.12);
    expect(parseNumber('85.12')).toBe(85.12);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('1.234,5')).toBeNaN();
  });
});
