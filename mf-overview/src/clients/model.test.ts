// The clients page rules: status, tax code and VAT checks, the form, request bodies, member weights.

import { checkTaxCode, checkVat, taxCodeCheckChar } from '@patrimonio/shared-api';
import { bodyErrors, contract } from '@patrimonio/shared-ui/contract';
import { describe, expect, test } from 'vitest';
import {
  type ClientForm,
  checkClientCodes,
  clientFieldProblem,
  clientStatus,
  companyUpdateBody,
  demoFirst,
  emptyClientForm,
  formDisplayName,
  membersBody,
  newCompanyRequest,
  newPersonRequest,
  parseWeight,
  personUpdateBody,
} from './model.ts';

/** What ClientDialog shows on submit: the contract body's codes as the fields' own problems, then the code checks. */
function validateClientForm(form: ClientForm) {
  const schema = form.company ? contract.updateCompanyClient.body : contract.updateClient.body;
  const body = form.company ? companyUpdateBody(form) : personUpdateBody(form);
  const shown: Record<string, unknown> = {};
  for (const [field, code] of Object.entries(bodyErrors(schema, body)))
    shown[field] = clientFieldProblem(field as keyof ClientForm, code);
  for (const [field, code] of Object.entries(checkClientCodes(form))) shown[field] ??= code;
  return shown;
}

describe('status and order', () => {
  test('subscribed wins over trial; neither is inactive', () => {
    expect(clientStatus({ subscribe: true, trial: true })).toBe('subscribed');
    expect(clientStatus({ subscribe: false, trial: true })).toBe('trial');
    expect(clientStatus({ subscribe: false, trial: false })).toBe('inactive');
    // A trial that ended (its date is past: the server reads trial false) says so.
    expect(clientStatus({ subscribe: false, trial: false, trialUntil: '2026-01-31' })).toBe('trialEnded');
    expect(clientStatus({ subscribe: true, trial: false, trialUntil: '2026-01-31' })).toBe('subscribed');
  });
  test('demo-user rows come first, the rest keep their order', () => {
    const rows = [
      { id: 1, demoUser: false },
      { id: 2, demoUser: true },
      { id: 3, demoUser: false },
    ];
    expect(demoFirst(rows).map((r) => r.id)).toEqual([2, 1, 3]);
  });
});

describe('Italian tax code', () => {
  test('the demo codes pass (check characters of the seed)', () => {
    for (const code of ['RSSMRA80A01H501U', 'BNCGLI75M45F205M', 'VRDLCU62C12L219G', 'FRRGNN58T10D612I']) {
      expect(checkTaxCode(code)).toBeNull();
    }
  });
  test('the check character: RSSMRA80A01H501 gives U', () => {
    expect(taxCodeCheckChar('RSSMRA80A01H501')).toBe('U');
  });
  test('lower case and spaces are normalised; a wrong check character or shape is invalid; empty is missing', () => {
    expect(checkTaxCode(' rssmra80a01h501u ')).toBeNull();
    expect(checkTaxCode('RSSMRA80A01H501A')).toBe('invalid_tax_code');
    expect(checkTaxCode('RSSMRA80A01H50')).toBe('invalid_tax_code');
    expect(checkTaxCode('RSSMRA80A32H501U')).toBe('invalid_tax_code');
    expect(checkTaxCode('')).toBe('missing_tax_code');
  });
  test('omocodia letters stand for digits', () => {
    // 0 -> L in the last digit position: RSSMRA80A01H50L, check character recomputed.
    const first15 = 'RSSMRA80A01H50M';
    expect(checkTaxCode(first15 + taxCodeCheckChar(first15))).toBeNull();
  });
});

describe('VAT number', () => {
  test('valid numbers, with an IT prefix too; wrong digit, shape or zeros are invalid', () => {
    expect(checkVat('02888110166')).toBeNull();
    expect(checkVat('IT07123450632')).toBeNull();
    expect(checkVat('02888110167')).toBe('invalid_vat');
    expect(checkVat('0288811016')).toBe('invalid_vat');
    expect(checkVat('00000000000')).toBe('invalid_vat');
    expect(checkVat(' ')).toBe('missing_vat');
  });
});

describe('client form', () => {
  test('a person needs a valid tax code; contact fields are checked when given', () => {
    const form = { ...emptyClientForm(), taxCode: 'RSSMRA80A01H501A', email: 'nope', prefix: '++39', mobile: '12' };
    expect(validateClientForm(form)).toEqual({
      taxCode: 'invalid_tax_code',
      email: 'invalid_email',
      prefix: 'invalid_prefix',
      mobile: 'invalid_mobile',
    });
    expect(validateClientForm({ ...emptyClientForm(), taxCode: 'RSSMRA80A01H501U', prefix: '+39' })).toEqual({});
  });
  test('the code checks alone: a person a valid tax code, a company a valid VAT number unless it has an atokaId', () => {
    expect(checkClientCodes({ ...emptyClientForm(), taxCode: 'RSSMRA80A01H501A', email: 'nope' })).toEqual({
      taxCode: 'invalid_tax_code',
    });
    expect(checkClientCodes(emptyClientForm(true))).toEqual({ vat: 'missing_vat' });
    expect(checkClientCodes({ ...emptyClientForm(true), atokaId: 'ATK1' })).toEqual({});
  });
  test('the contract body of a new client marks the contact fields as the form shows them', () => {
    const form = { ...emptyClientForm(), email: 'nope', prefix: '++39', mobile: '12' };
    const codes = bodyErrors(contract.createPersonClient.body, newPersonRequest(form).body);
    expect(
      Object.fromEntries(Object.entries(codes).map(([f, c]) => [f, clientFieldProblem(f as keyof ClientForm, c)])),
    ).toEqual({
      email: 'invalid_email',
      prefix: 'invalid_prefix',
      mobile: 'invalid_mobile',
    });
  });
  test('a company needs a VAT number unless it has an atokaId', () => {
    expect(validateClientForm(emptyClientForm(true))).toEqual({ vat: 'missing_vat' });
    expect(validateClientForm({ ...emptyClientForm(true), atokaId: 'ATK1' })).toEqual({});
    expect(validateClientForm({ ...emptyClientForm(true), atokaId: 'ATK1', vat: '123' })).toEqual({
      vat: 'invalid_vat',
    });
  });
  test('request bodies: codes normalised, empty strings as null', () => {
    const person = newPersonRequest({ ...emptyClientForm(), firstName: ' Anna ', taxCode: 'rssmra80a01h501u' });
    expect(person).toEqual({
      params: { taxCode: 'RSSMRA80A01H501U' },
      body: { firstName: 'Anna', lastName: null, email: null, prefix: null, mobile: null },
    });
    const company = newCompanyRequest({ ...emptyClientForm(true), companyName: 'ACME', atokaId: 'ATK1' });
    expect(company.params.vat).toBe('');
    expect(company.body.atokaId).toBe('ATK1');
    expect(companyUpdateBody({ ...emptyClientForm(true), vat: 'IT02888110166' }).vat).toBe('02888110166');
  });
  test('the display name of a form: names, else the code', () => {
    expect(formDisplayName({ ...emptyClientForm(), firstName: 'Anna', lastName: 'Neri' })).toBe('Anna Neri');
    expect(formDisplayName({ ...emptyClientForm(), taxCode: 'rssmra80a01h501u' })).toBe('RSSMRA80A01H501U');
    expect(formDisplayName({ ...emptyClientForm(true), vat: '02888110166' })).toBe('02888110166');
  });
});

describe('member weights', () => {
  test('decimals with a point or a comma; empty is 1; zero, negatives and text are refused', () => {
    expect(parseWeight('0,5')).toBe(0.5);
    expect(parseWeight('0.25')).toBe(0.25);
    expect(parseWeight('')).toBe(1);
    expect(parseWeight('2')).toBe(2);
    expect(parseWeight('0')).toBeNull();
    expect(parseWeight('-1')).toBeNull();
    expect(parseWeight('abc')).toBeNull();
    expect(parseWeight('1000000')).toBeNull();
    expect(parseWeight('0.0000001')).toBeNull();
  });
  test('the body maps client id to weight, or lists the invalid ones', () => {
    expect(
      membersBody([
        { id: 1, name: 'A', weight: '1' },
        { id: 2, name: 'B', weight: '0,5' },
      ]),
    ).toEqual({ ok: true, body: { usersFamily: { '1': 1, '2': 0.5 } } });
    expect(membersBody([{ id: 3, name: 'C', weight: 'x' }])).toEqual({ ok: false, invalid: [3] });
  });
});
