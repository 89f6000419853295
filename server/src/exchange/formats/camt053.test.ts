// The camt.053 reader on the demo's sample (server/src/exchange/samples/demo-intesa-camt053-20261103.xml: Mario
// Rossi's current account at Intesa Sanpaolo, 2026-11-03) and on variants of it, read or refused.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readCamt053 } from './camt053.ts';

const SAMPLE = readFileSync(new URL('../samples/demo-intesa-camt053-20261103.xml', import.meta.url), 'utf8');
const ROSSI = { iban: 'IT73Z0306901600000000001007' };

const read = (xml: string, encoding: BufferEncoding = 'utf8') => readCamt053(Buffer.from(xml, encoding));

/** The sample with each [from, to] replaced (every occurrence; each must occur). */
function variant(...edits: [string | RegExp, string][]): string {
  let xml = SAMPLE;
  for (const [from, to] of edits) {
    const next = xml.replaceAll(from, to);
    expect(next, `${from} is in the sample`).not.toBe(xml);
    xml = next;
  }
  return xml;
}

const MOVEMENTS = [
  {
    line: 1,
    account: ROSSI,
    date: '2026-11-03',
    valueDate: '2026-11-03',
    amount: '3200.00',
    currency: 'EUR',
    code: 'PMNT-RCDT-ESCT',
    description: 'AFFITTO NOVEMBRE 2026 APPARTAMENTO VIA ROMA 12 MILANO',
  },
  {
    line: 2,
    account: ROSSI,
    date: '2026-11-03',
    valueDate: '2026-11-03',
    amount: '-1450.00',
    currency: 'EUR',
    code: 'PMNT-ICDT-ESCT',
    description: 'BONIFICO SEPA A FAVORE DI STUDIO MEDICO BIANCHI',
  },
  {
    line: 3,
    account: ROSSI,
    date: '2026-11-03',
    valueDate: '2026-11-02',
    amount: '-95.30',
    currency: 'EUR',
    code: 'PMNT-IDDT-ESDD',
    description: 'ADDEBITO SDD A2A ENERGIA SPA FATTURA 10/2026',
  },
  {
    line: 4,
    account: ROSSI,
    date: '2026-11-03',
    valueDate: '2026-11-03',
    amount: '-4.50',
    currency: 'EUR',
    code: '66',
    description: 'COMMISSIONI E SPESE BONIFICO SEPA',
  },
];

describe('the sample statement', () => {
  test('reads its booked entries and its closing booked balance, and counts the pending entry it leaves out', () => {
    expect(read(SAMPLE)).toEqual({
      ok: true,
      movements: MOVEMENTS,
      balances: [{ line: 1, account: ROSSI, date: '2026-11-03', balance: '113829.57', currency: 'EUR' }],
      positions: [],
      skipped: 1,
    });
  });

  test('reads the same in version .08 (Sts/Cd) with a prefixed namespace', () => {
    const xml = variant(
      ['camt.053.001.02', 'camt.053.001.08'],
      ['<Sts>BOOK</Sts>', '<Sts><Cd>BOOK</Cd></Sts>'],
      ['<Sts>PDNG</Sts>', '<Sts><Cd>PDNG</Cd></Sts>'],
      [/<(\/?)([A-Z][A-Za-z]*)/g, '<$1c:$2'],
      ['xmlns="', 'xmlns:c="'],
    );
    const result = read(xml);
    expect(result).toEqual(read(SAMPLE));
  });

  test('numbers the entries through the file across its statements', () => {
    const stmt = SAMPLE.slice(SAMPLE.indexOf('    <Stmt>'), SAMPLE.indexOf('  </BkToCstmrStmt>'));
    const other = stmt.replace('IT73Z0306901600000000001007</IBAN>', 'IT02D0306903400000000001105</IBAN>');
    const result = read(SAMPLE.replace('  </BkToCstmrStmt>', `${other}  </BkToCstmrStmt>`));
    expect(result.ok && result.movements.map((m) => [m.line, m.account.iban, m.amount])).toEqual([
      ...MOVEMENTS.map((m) => [m.line, ROSSI.iban, m.amount]),
      ...MOVEMENTS.map((m) => [m.line + 5, 'IT02D0306903400000000001105', m.amount]),
    ]);
    expect(result.ok && result.balances.map((b) => [b.line, b.account.iban])).toEqual([
      [1, ROSSI.iban],
      [2, 'IT02D0306903400000000001105'],
    ]);
    expect(result.ok && result.skipped).toBe(2);
  });

  test('names the account by Othr/Id when it has no IBAN', () => {
    const result = read(variant(['<IBAN>IT73Z0306901600000000001007</IBAN>', '<Othr><Id>1000/1007</Id></Othr>']));
    expect(result.ok && [...result.movements, ...result.balances].map((m) => m.account)).toEqual(
      Array(5).fill({ accountNumber: '1000/1007' }),
    );
  });

  test('reads a debit balance, an entry without value date, and text in ISO-8859-1', () => {
    const xml = variant(
      ['encoding="UTF-8"', 'encoding="ISO-8859-1"'],
      [
        '<Amt Ccy="EUR">112179.37</Amt>\n        <CdtDbtInd>CRDT',
        '<Amt Ccy="EUR">2000.00</Amt>\n        <CdtDbtInd>DBIT',
      ],
      [
        '<Amt Ccy="EUR">113829.57</Amt>\n        <CdtDbtInd>CRDT',
        '<Amt Ccy="EUR">349.80</Amt>\n        <CdtDbtInd>DBIT',
      ],
      ['<ValDt>\n          <Dt>2026-11-02</Dt>\n        </ValDt>\n', ''],
      ['A2A ENERGIA SPA', 'A2A ENERGIA S.P.A. &amp; CARITÀ &#8364;'],
    );
    const result = read(xml, 'latin1');
    expect(result.ok && result.balances[0]!.balance).toBe('-349.80');
    expect(result.ok && result.movements[2]).toEqual({
      line: 3,
      account: ROSSI,
      date: '2026-11-03',
      amount: '-95.30',
      currency: 'EUR',
      code: 'PMNT-IDDT-ESDD',
      description: 'ADDEBITO SDD A2A ENERGIA S.P.A. & CARITÀ € FATTURA 10/2026',
    });
  });
});

describe('a file is refused whole, with the reason', () => {
  const refused = (xml: string) => {
    const result = read(xml);
    expect(result.ok).toBe(false);
    return result.ok ? { error: '' } : result;
  };

  test('a DOCTYPE (an external entity: XXE)', () => {
    const xml = SAMPLE.replace(
      '<Document',
      '<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Document',
    ).replace('MARIO ROSSI', '&xxe;');
    expect(refused(xml).error).toMatch(/declares a DOCTYPE/);
  });

  test('an entity XML does not predefine', () => {
    expect(refused(variant(['MARIO ROSSI', 'MARIO&nbsp;ROSSI'])).error).toMatch(/"&nbsp;" is not one XML predefines/);
  });

  test('a camt.052 account report', () => {
    const xml = variant(
      ['camt.053.001.02', 'camt.052.001.02'],
      [/BkToCstmrStmt/g, 'BkToCstmrAcctRpt'],
      [/Stmt>/g, 'Rpt>'],
    );
    expect(refused(xml).error).toBe('this is an ISO 20022 camt.052 message, not a camt.053 bank-to-customer statement');
  });

  test('a pain.001 payment order', () => {
    const pain = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn><GrpHdr><MsgId>1</MsgId>
<CreDtTm>2026-11-03T10:00:00</CreDtTm><NbOfTxs>0</NbOfTxs><InitgPty/></GrpHdr></CstmrCdtTrfInitn></Document>`;
    expect(refused(pain).error).toBe(
      'this is an ISO 20022 pain.001 message, not a camt.053 bank-to-customer statement',
    );
  });

  test('a version not read', () => {
    expect(refused(variant(['camt.053.001.02', 'camt.053.001.10'])).error).toBe(
      'camt.053.001.10 is not read: versions .02 to .08 are',
    );
  });

  test('XML without the camt.053 namespace, and no XML at all', () => {
    expect(refused(variant([/ xmlns="[^"]*"/g, ''])).error).toMatch(
      /not a camt\.053 statement: its root element Document/,
    );
    expect(refused(' RH02008PTRM1031126').error).toMatch(/not well-formed XML/);
  });

  test('XML that is not well-formed', () => {
    expect(refused(variant(['</GrpHdr>', '</GrpHdrr>'])).error).toMatch(/not well-formed XML: .*\(line 7\)/);
  });

  test.each([
    [
      'an amount with a decimal comma',
      ['<Amt Ccy="EUR">3200.00</Amt>', '<Amt Ccy="EUR">3200,00</Amt>'],
      1,
      /the amount "3200,00" is not an amount/,
    ],
    ['an amount without currency', ['<Amt Ccy="EUR">95.30</Amt>', '<Amt>95.30</Amt>'], 3, /no currency/],
    [
      'an entry in another currency',
      ['<Amt Ccy="EUR">4.50</Amt>', '<Amt Ccy="USD">4.50</Amt>'],
      4,
      /the entry is in USD, its statement in EUR/,
    ],
    [
      'a credit/debit indicator missing',
      [
        '<CdtDbtInd>DBIT</CdtDbtInd>\n        <Sts>BOOK</Sts>\n        <BookgDt>\n          <DtTm>',
        '<Sts>BOOK</Sts>\n        <BookgDt>\n          <DtTm>',
      ],
      3,
      /indicator of the amount is "", not CRDT or DBIT/,
    ],
    [
      'a booking date that is no date',
      ['<DtTm>2026-11-03T08:15:00+01:00</DtTm>', '<DtTm>2026-11-31T08:15:00+01:00</DtTm>'],
      3,
      /the booking date is "2026-11-31T08:15:00\+01:00", not a date/,
    ],
    [
      'a value date in another form',
      ['<Dt>2026-11-02</Dt>', '<Dt>02/11/2026</Dt>'],
      3,
      /the value date is "02\/11\/2026"/,
    ],
    [
      'a booked entry without booking date',
      ['<BookgDt>\n          <DtTm>2026-11-03T08:15:00+01:00</DtTm>\n        </BookgDt>\n', ''],
      3,
      /no booking date/,
    ],
    [
      'an entry without transaction code',
      [
        '<BkTxCd>\n          <Prtry>\n            <Cd>66</Cd>\n            <Issr>ABI</Issr>\n          </Prtry>\n        </BkTxCd>\n',
        '',
      ],
      4,
      /no bank transaction code/,
    ],
  ] as [string, [string, string], number, RegExp][])('%s (its entry is named)', (_, edit, line, error) => {
    const result = refused(variant(edit));
    expect(result).toMatchObject({ line });
    expect(result.error).toMatch(error);
  });

  test.each([
    [
      'booked entries that do not explain the closing balance',
      [
        '113829.57</Amt>\n        <CdtDbtInd>CRDT</CdtDbtInd>\n        <Dt>\n          <Dt>2026-11-03</Dt>\n        </Dt>\n      </Bal>\n      <Bal>\n        <Tp>\n          <CdOrPrtry>\n            <Cd>CLAV',
        '113829.58</Amt>\n        <CdtDbtInd>CRDT</CdtDbtInd>\n        <Dt>\n          <Dt>2026-11-03</Dt>\n        </Dt>\n      </Bal>\n      <Bal>\n        <Tp>\n          <CdOrPrtry>\n            <Cd>CLAV',
      ],
      /closing booked balance 113829.58 is not the opening booked balance 112179.37 plus the booked entries 1650.20/,
    ],
    ['two closing booked balances', ['<Cd>CLAV</Cd>', '<Cd>CLBD</Cd>'], /statement 1 has two CLBD balances/],
    [
      'an IBAN whose check digits fail',
      ['<IBAN>IT73Z', '<IBAN>IT74Z'],
      /the IBAN "IT74Z0306901600000000001007" is not valid \(checksum\)/,
    ],
    ['a statement without account', ['<IBAN>IT73Z0306901600000000001007</IBAN>', ''], /names no account/],
    [
      'a balance without date',
      [
        '<Dt>\n          <Dt>2026-11-03</Dt>\n        </Dt>\n      </Bal>\n      <Bal>\n        <Tp>\n          <CdOrPrtry>\n            <Cd>CLBD',
        '</Bal>\n      <Bal>\n        <Tp>\n          <CdOrPrtry>\n            <Cd>CLBD',
      ],
      /the date of the OPBD balance of statement 1 is ""/,
    ],
  ] as [string, [string, string], RegExp][])('%s', (_, edit, error) => {
    expect(refused(variant(edit)).error).toMatch(error);
  });
});
