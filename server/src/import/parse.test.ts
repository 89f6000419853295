import { describe, expect, test } from 'vitest';
import { parseDate, parseDecimal } from './parse.ts';
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

  test('a stated decimal separator makes the other one group thousands', () => {
    expect(parseDecimal('10.000', ',')).toBe('10000');
    expect(parseDecimal('1.234.567,8', ',')).toBe('1234567.8');
    expect(parseDecimal('10,000', '.')).toBe('10000');
    expect(parseDecimal('1,5,0', ',')).toBe(null);
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
