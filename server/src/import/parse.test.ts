import { describe, expect, test } from 'vitest';
import { conventionOf, parseDate, parseDecimal, readNumber, readTextNumber } from './parse.ts';
import { sniff } from './read-table.ts';

describe('import parsing', () => {
  test.each([
    ['1.234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1234,5', '1234.5'],
    ['85.12', '85.12'],
    ['1.000.000', '1000000'],
    ['1 234,00', '1234.00'],
    ['-3,5', '-3.5'],
    [',5', '0.5'],
    ['abc', null],
    ['1,2,3.4.5', null],
    ['', null],
  ])('decimal %s', (input, out) => expect(parseDecimal(input)).toBe(out));

  // Issue 13: a text cell of an XLSX states no convention, so "10.000" and "1,500" (one separator, once, followed by
  // exactly three digits after a well-formed leading group) could be decimals or thousands: never 10 and 1.5.
  test.each([
    ['10.000', { ok: false, code: 'ambiguousText' }],
    ['1,500', { ok: false, code: 'ambiguousText' }],
    ['-117.998', { ok: false, code: 'ambiguousText' }],
    [' 999,999 ', { ok: false, code: 'ambiguousText' }],
    ['85.12', { ok: true, value: '85.12' }],
    ['1.234,56', { ok: true, value: '1234.56' }],
    ['1,234.56', { ok: true, value: '1234.56' }],
    ['1.000.000', { ok: true, value: '1000000' }],
    ['10000', { ok: true, value: '10000' }],
    ['10.000,00', { ok: true, value: '10000.00' }],
    ['10,000.00', { ok: true, value: '10000.00' }],
    // Not a well-formed thousands group, so only a decimal: a leading 0, four leading digits, two or four decimals.
    ['0.500', { ok: true, value: '0.500' }],
    ['1234.567', { ok: true, value: '1234.567' }],
    ['1.5000', { ok: true, value: '1.5000' }],
    ['abc', { ok: false, code: 'notNumber' }],
  ])('text cell %s', (input, out) => expect(readTextNumber(input)).toEqual(out));

  test('parseDecimal without a convention never misreads an ambiguous text', () => {
    expect(parseDecimal('10.000')).toBe(null);
    expect(parseDecimal('1,500')).toBe(null);
    // A typed XLSX number is read with its decimal dot: 1000.125 is not ambiguous there.
    expect(parseDecimal('1000.125', '.')).toBe('1000.125');
    expect(parseDecimal('1.125', '.')).toBe('1.125');
  });

  test('a stated decimal separator makes the other one group thousands', () => {
    expect(parseDecimal('10.000', ',')).toBe('10000');
    expect(parseDecimal('1.234.567,8', ',')).toBe('1234567.8');
    expect(parseDecimal('10,000', '.')).toBe('10000');
    expect(parseDecimal('1,5,0', ',')).toBe(null);
  });

  // docs/import/README.md, "Numbers": in a ';' file ',' is the decimal separator and '.' only groups thousands, well
  // formed (1 to 3 leading digits not starting with 0, then groups of exactly three); a ',' file the other way round.
  const semicolon = conventionOf(';');
  const comma = conventionOf(',');
  test.each([
    // A ';' file: the misread values are refused, never 995 and 6094.
    [';', '9.95', { ok: false, code: 'thousandsGroup' }],
    [';', '60.94', { ok: false, code: 'thousandsGroup' }],
    [';', '1.2345,6', { ok: false, code: 'thousandsGroup' }],
    [';', '12.34.567', { ok: false, code: 'thousandsGroup' }],
    [';', '0.001', { ok: false, code: 'thousandsGroup' }],
    [';', '.5', { ok: false, code: 'thousandsGroup' }],
    [';', '1,234.56', { ok: false, code: 'thousandsGroup' }], // the dot after the decimal comma
    [';', '1,2,3', { ok: false, code: 'notNumber' }],
    [';', '12abc', { ok: false, code: 'notNumber' }],
    [';', '1 23', { ok: false, code: 'notNumber' }],
    [';', '117.998', { ok: true, value: '117998', showsDecimal: false, groupedOnly: true }],
    [';', '1.234.567,89', { ok: true, value: '1234567.89', showsDecimal: true, groupedOnly: false }],
    [';', '1.234,56', { ok: true, value: '1234.56', showsDecimal: true, groupedOnly: false }],
    [';', '85,12', { ok: true, value: '85.12', showsDecimal: true, groupedOnly: false }],
    [';', '1 234,5', { ok: true, value: '1234.5', showsDecimal: true, groupedOnly: false }],
    [';', '-3,5', { ok: true, value: '-3.5', showsDecimal: true, groupedOnly: false }],
    [';', ',5', { ok: true, value: '0.5', showsDecimal: true, groupedOnly: false }],
    [';', '7500', { ok: true, value: '7500', showsDecimal: false, groupedOnly: false }],
    // A ',' file (a grouped number is quoted there): the same rules with the characters swapped.
    [',', '9,95', { ok: false, code: 'thousandsGroup' }],
    [',', '1.234,56', { ok: false, code: 'thousandsGroup' }],
    [',', '117,998', { ok: true, value: '117998', showsDecimal: false, groupedOnly: true }],
    [',', '1,234.56', { ok: true, value: '1234.56', showsDecimal: true, groupedOnly: false }],
    [',', '9.95', { ok: true, value: '9.95', showsDecimal: true, groupedOnly: false }],
  ] as const)("in a '%s' file %s", (delimiter, input, out) => {
    expect(readNumber(input, delimiter === ';' ? semicolon : comma)).toEqual(out);
  });

  test.each([
    ['2024-01-31', '2024-01-31'],
    ['31/01/2024', '2024-01-31'],
    ['1/2/2024', '2024-02-01'],
    ['29/02/2023', null],
    ['2024-13-01', null],
    ['01/31/2024', null],
    ['yesterday', null],
  ])('date %s', (input, out) => expect(parseDate(input)).toBe(out));

  test('content sniffing', () => {
    expect(sniff(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]))).toBe('xlsx');
    expect(sniff(Buffer.from('date;cause\n2024-01-01;DEPOSIT', 'utf8'))).toBe('csv');
    expect(sniff(Buffer.from([0x64, 0xe8, 0x0a]))).toBe('csv'); // Windows-1252 "dè"
    expect(sniff(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(null);
  });
});
