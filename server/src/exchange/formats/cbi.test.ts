// The CBI RH reader on the demo's sample file (server/src/exchange/samples/demo-unicredit-20261103.cbi: two current
// accounts of pro's clients at UniCredit, 2026-11-03) and on that file broken one way at a time.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { centsText, readCbi, readCbiCents, readCbiDate } from './cbi.ts';

const SAMPLE = readFileSync(new URL('../samples/demo-unicredit-20261103.cbi', import.meta.url), 'latin1');
const LINES = SAMPLE.split('\r\n').slice(0, -1);

/** The sample's records with `edit` applied, joined as the sample is (CRLF). */
function file(edit: (lines: string[]) => string[] = (l) => l): Buffer {
  return Buffer.from(`${edit([...LINES]).join('\r\n')}\r\n`, 'latin1');
}

/** Record `line` (1-based) with `text` written over it from position `at` (1-based). */
const overwrite = (lines: string[], line: number, at: number, text: string) => {
  const r = lines[line - 1]!;
  lines[line - 1] = r.slice(0, at - 1) + text + r.slice(at - 1 + text.length);
  return lines;
};

const ROSSI = { accountNumber: '0200805077000000001035', iban: 'IT21Y0200805077000000001035' };
const VERDI = { accountNumber: '0200805077000000001063', iban: 'IT58E0200805077000000001063' };

describe('the sample file', () => {
  test('has 17 records of 120 characters', () => {
    expect(LINES).toHaveLength(17);
    for (const l of LINES) expect(l).toHaveLength(120);
  });

  test('reads every movement and closing balance with its figures', () => {
    const read = readCbi(file());
    expect(read).toEqual({
      ok: true,
      movements: [
        {
          line: 3,
          account: ROSSI,
          date: '2026-11-03',
          valueDate: '2026-11-03',
          amount: '2500.00',
          currency: 'EUR',
          code: '48',
          description: 'BONIFICO A VOSTRO FAVORE INPS ISTITUTO NAZ. PREVIDENZA SOCIALE PENSIONE NOVEMBRE 2026',
        },
        {
          line: 6,
          account: ROSSI,
          date: '2026-11-03',
          valueDate: '2026-11-03',
          amount: '-1200.00',
          currency: 'EUR',
          code: '26',
          description: 'VOSTRA DISPOSIZIONE A FAVORE DI IMMOBILIARE VERDI SRL - CANONE LOCAZIONE NOVEMBRE 2026',
        },
        {
          line: 8,
          account: ROSSI,
          date: '2026-11-03',
          valueDate: '2026-10-31',
          amount: '-86.40',
          currency: 'EUR',
          code: '50',
          description: 'PAGAMENTI DIVERSI ADDEBITO SDD ENEL ENERGIA SPA - BOLLETTA OTTOBRE 2026',
        },
        {
          line: 10,
          account: ROSSI,
          date: '2026-11-03',
          valueDate: '2026-11-03',
          amount: '-2.00',
          currency: 'EUR',
          code: '66',
          description: 'COMMISSIONI SU BONIFICO',
        },
        {
          line: 14,
          account: VERDI,
          date: '2026-11-03',
          valueDate: '2026-11-03',
          amount: '5000.00',
          currency: 'EUR',
          code: '34',
          description: 'GIROCONTO DA CONTO 02008 05077 000000001070 LUCA VERDI',
        },
      ],
      balances: [
        { line: 11, account: ROSSI, date: '2026-11-03', balance: '183876.55', currency: 'EUR' },
        { line: 16, account: VERDI, date: '2026-11-03', balance: '46321.34', currency: 'EUR' },
      ],
      positions: [],
    });
  });

  test('reads the same with LF line breaks, and without a line break after EF', () => {
    const lf = readCbi(Buffer.from(LINES.join('\n'), 'latin1'));
    expect(lf).toEqual(readCbi(file()));
  });

  test('gives the account number alone when positions 100-103 carry no IBAN country and check digits', () => {
    const read = readCbi(file((l) => overwrite(overwrite(l, 2, 100, '    '), 13, 100, '    ')));
    expect(read.ok && read.balances.map((b) => b.account)).toEqual([
      { accountNumber: '0200805077000000001035' },
      { accountNumber: '0200805077000000001063' },
    ]);
  });

  test('reads a debit balance and a statement without movements', () => {
    // Verdi's statement: no movement, opening and closing balance 120.50 in debit.
    const read = readCbi(
      file((l) => {
        overwrite(l, 13, 84, 'D000000000120,50');
        overwrite(l, 16, 20, 'D000000000120,50D000000000120,50');
        l.splice(13, 2);
        return overwrite(l, 15, 83, '0000015');
      }),
    );
    expect(read.ok && read.balances[1]).toEqual({
      line: 14,
      account: VERDI,
      date: '2026-11-03',
      balance: '-120.50',
      currency: 'EUR',
    });
    expect(read.ok && read.movements).toHaveLength(4);
  });
});

describe('a file is refused whole, naming the record at fault', () => {
  const refused = (bytes: Buffer) => {
    const read = readCbi(bytes);
    expect(read.ok).toBe(false);
    return read.ok ? { error: '', line: 0 } : { error: read.error, line: read.line };
  };

  test.each([
    [
      'a record one character short',
      (l: string[]) => l.map((r, i) => (i === 2 ? r.slice(0, 119) : r)),
      3,
      /has 119 characters, not 120/,
    ],
    ['a record one character long', (l: string[]) => l.map((r, i) => (i === 4 ? `${r} ` : r)), 5, /has 121 characters/],
    ['an unknown record type', (l: string[]) => overwrite(l, 4, 2, '69'), 4, /unknown record type "69"/],
    ['a record not starting blank', (l: string[]) => overwrite(l, 6, 1, '0'), 6, /position 1 of a record is blank/],
    [
      'a booking date that is no date',
      (l: string[]) => overwrite(l, 3, 20, '310226'),
      3,
      /booking date \(positions 20-25\) is "310226"/,
    ],
    ['a value date in another form', (l: string[]) => overwrite(l, 8, 14, '2026-1'), 8, /value date/],
    [
      'an amount with a letter',
      (l: string[]) => overwrite(l, 6, 27, '00000000120O,00'),
      6,
      /the amount \(positions 27-41\) is "00000000120O,00"/,
    ],
    [
      'an amount with a blank',
      (l: string[]) => overwrite(l, 6, 27, '        1200,00'),
      6,
      /12 digits, a comma and 2 decimals/,
    ],
    [
      'an amount with a decimal dot',
      (l: string[]) => overwrite(l, 6, 27, '000000001200.00'),
      6,
      /12 digits, a comma and 2 decimals/,
    ],
    ['a sign other than C or D', (l: string[]) => overwrite(l, 10, 26, '-'), 10, /not C \(credit\) or D \(debit\)/],
    ['no EF record', (l: string[]) => l.slice(0, -1), 16, /ends without its EF record/],
    [
      'EF counting another number of records',
      (l: string[]) => overwrite(l, 17, 83, '0000018'),
      17,
      /EF counts 18 records/,
    ],
    [
      'EF counting another number of statements',
      (l: string[]) => overwrite(l, 17, 46, '0000001'),
      17,
      /EF counts 1 statements/,
    ],
    ['EF naming another file than RH', (l: string[]) => overwrite(l, 17, 20, 'X'), 17, /not those of RH/],
    ['a record after EF', (l: string[]) => [...l, l[1]!], 18, /after EF/],
    ['a first record other than RH', (l: string[]) => l.slice(1), 1, /first record is not RH/],
    ['a movement before its 61', (l: string[]) => [l[0]!, l[2]!, ...l.slice(1)], 2, /62 movement outside a statement/],
    ['a 63 record after a 61', (l: string[]) => [l[0]!, l[1]!, l[3]!, ...l.slice(2)], 3, /follows no 62 movement/],
    [
      'a movement out of sequence',
      (l: string[]) => overwrite(l, 6, 11, '003'),
      6,
      /movement number \(positions 11-13\) is 3, not 2/,
    ],
    ['a 63 of another movement', (l: string[]) => overwrite(l, 5, 11, '002'), 5, /is 2, not 1 of the 62 it follows/],
    [
      'a record of another statement',
      (l: string[]) => overwrite(l, 10, 4, '0000002'),
      10,
      /statement number \(positions 4-10\) is 2, not 1/,
    ],
    [
      'a 64 missing before the next 61',
      (l: string[]) => l.filter((_, i) => i !== 10 && i !== 11),
      11,
      /61 record before the 64 closing statement 1/,
    ],
    [
      'a closing balance the movements do not explain',
      (l: string[]) => overwrite(l, 11, 21, '000000183876,56'),
      11,
      /closing balance 183876.56 is not the opening balance 182664.95 plus the movements 1211.60/,
    ],
    [
      'a 64 of another day than its 61',
      (l: string[]) => overwrite(l, 16, 14, '041126'),
      16,
      /accounting date 2026-11-04 is not 2026-11-03/,
    ],
    ['a 64 in another currency than its 61', (l: string[]) => overwrite(l, 16, 11, 'USD'), 16, /currency USD/],
    [
      'an IBAN whose check digits fail',
      (l: string[]) => overwrite(l, 2, 100, 'IT22'),
      2,
      /IBAN IT22Y0200805077000000001035 .* is not valid \(checksum\)/,
    ],
    [
      'an account of another bank than the sender',
      (l: string[]) => overwrite(l, 13, 53, '03069'),
      13,
      /ABI code 03069 .* is not the sender 02008/,
    ],
    ['a second 65', (l: string[]) => [...l.slice(0, 12), l[11]!, ...l.slice(12)], 13, /65 record that does not follow/],
  ])('%s', (_, edit, line, error) => {
    const r = refused(file(edit));
    expect(r.line).toBe(line);
    expect(r.error).toMatch(error);
  });

  test('a byte that is not ASCII', () => {
    const bytes = file();
    bytes[122 * 2 + 100] = 0xe0; // à in Latin-1, inside the description of record 3
    expect(refused(bytes)).toEqual({
      line: 3,
      error: 'byte 0xE0 at column 101 is not ASCII text: CBI records are ASCII',
    });
  });

  test('an empty file', () => {
    expect(refused(Buffer.alloc(0))).toEqual({ line: 1, error: 'the record has 0 characters, not 120' });
  });
});

describe('fields', () => {
  test('dates are real DDMMYY dates of 2000-2099', () => {
    expect(readCbiDate('031126')).toBe('2026-11-03');
    expect(readCbiDate('290224')).toBe('2024-02-29');
    expect(readCbiDate('290225')).toBeNull();
    expect(readCbiDate('000126')).toBeNull();
    expect(readCbiDate('0311 6')).toBeNull();
  });

  test('an amount is 12 digits, a comma and 2 decimals; its text keeps the cents', () => {
    expect(readCbiCents('000000001031,24')).toBe(103124n);
    expect(readCbiCents('000000000000,00')).toBe(0n);
    expect(readCbiCents('999999999999,99')).toBe(99999999999999n);
    for (const bad of ['00000001031,24', '0000000001031,2', '+00000001031,24', '000000001031.24', '00000000103 ,24'])
      expect(readCbiCents(bad)).toBeNull();
    expect(centsText(-50n)).toBe('-0.50');
    expect(centsText(0n)).toBe('0.00');
  });

  test('property: any amount written in the CBI form reads back to its exact cents and decimal text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n - 1n }), fc.boolean(), (cents, debit) => {
        const digits = cents.toString().padStart(14, '0');
        const written = `${digits.slice(0, 12)},${digits.slice(12)}`;
        const read = readCbiCents(written);
        expect(read).toBe(cents);
        const signed = debit ? -read! : read!;
        // The decimal text is the same number: integer part and two decimals.
        const text = centsText(signed);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(BigInt(text.replace('.', ''))).toBe(signed);
      }),
    );
  });
});
