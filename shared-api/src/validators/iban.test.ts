// IBAN check worked examples: format, length by country, mod-97.
import { describe, expect, test } from 'vitest';
import { checkIban, ibanMod97 } from './iban.ts';

describe('IBAN check', () => {
  test('IT60X0542811101000000123456 is valid: ABI 05428, CAB 11101', () => {
    // Rearranged: X0542811101000000123456 IT60 -> 33 0542811101000000123456 18 29 60; mod 97 = 1.
    expect(ibanMod97('IT60X0542811101000000123456')).toBe(1);
    expect(checkIban('IT60X0542811101000000123456')).toEqual({
      iban: 'IT60X0542811101000000123456',
      valid: true,
      reason: null,
      countryCode: 'IT',
      abi: '05428',
      cab: '11101',
    });
  });
  test('spaces and lower case are normalised', () => {
    expect(checkIban('it60 x054 2811 1010 0000 0123 456')).toMatchObject({
      valid: true,
      iban: 'IT60X0542811101000000123456',
    });
  });
  test.each([
    ['GB82WEST12345698765432', true, null],
    ['DE89370400440532013000', true, null],
    ['IT61X0542811101000000123456', false, 'checksum'],
    ['IT60X0542811101000000123457', false, 'checksum'],
    ['IT60X054281110100000012345', false, 'length'],
    ['IT6010542811101000000123456', false, 'format'],
    ['DE8937040044053201300', false, 'length'],
    ['60IT0542811101000000123456', false, 'format'],
    ['IT60X05428-1101000000123456', false, 'format'],
  ])('%s -> valid %s (%s)', (iban, valid, reason) => {
    expect(checkIban(iban)).toMatchObject({ valid, reason });
  });
});
