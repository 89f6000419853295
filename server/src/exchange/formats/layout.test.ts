// A counterpart's own CSV or XLSX layout: the demo's Fineco positions sample
// (server/src/exchange/samples/demo-fineco-positions-20261103.csv with demo-fineco-positions.layout.json: Mario
// Rossi's securities account at FinecoBank on 2026-11-03), movement and balance layouts, and files refused.
import { readFileSync } from 'node:fs';
import { Layout } from '@patrimonio/shared-api';
import { Value } from 'typebox/value';
import { describe, expect, test } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { readLayoutFile } from './layout.ts';

const sample = (name: string) => readFileSync(new URL(`../samples/${name}`, import.meta.url));
const FINECO_CSV = sample('demo-fineco-positions-20261103.csv');
const FINECO_LAYOUT = JSON.parse(sample('demo-fineco-positions.layout.json').toString('utf8')) as Layout;
const ROSSI_DOSSIER = { iban: 'IT81U0301503200000000001028' };

const csv = (text: string) => Buffer.from(text.replaceAll('\n', '\r\n'), 'utf8');

const MOVEMENTS_LAYOUT: Layout = {
  kind: 'MOVEMENTS',
  accountRef: 'ACCOUNT_NUMBER',
  dateFormat: 'YYYY-MM-DD',
  decimalSeparator: '.',
  columns: {
    account: 'Rapporto',
    date: 'Data contabile',
    valueDate: 'Data valuta',
    amount: 'Importo',
    currency: 'Divisa',
    code: 'Causale',
    description: 'Descrizione',
    instrument: 'Titolo',
    quantity: 'Quantita',
    price: 'Prezzo',
  },
};

const BALANCES_LAYOUT: Layout = {
  kind: 'BALANCES',
  accountRef: 'DOSSIER',
  dateFormat: 'DD/MM/YYYY',
  decimalSeparator: ',',
  columns: { account: 'Dossier', date: 'Data', balance: 'Saldo', currency: 'Divisa' },
};

describe('the Fineco positions sample', () => {
  test('its layout is a valid Layout of the contract', () => {
    expect(Value.Check(Layout, FINECO_LAYOUT)).toBe(true);
  });

  test('reads every position with its figures (12.729 is twelve thousand: the prices show the decimal comma)', async () => {
    const position = (line: number, instrumentCode: string, quantity: string, price: string, currency: string) => ({
      line,
      account: ROSSI_DOSSIER,
      date: '2026-11-03',
      instrumentCode,
      quantity,
      price,
      currency,
    });
    expect(await readLayoutFile(FINECO_CSV, FINECO_LAYOUT)).toEqual({
      ok: true,
      movements: [],
      balances: [],
      positions: [
        position(2, 'IT0000072618', '12729', '2.86', 'EUR'),
        position(3, 'IT0003128367', '3977', '6.74', 'EUR'),
        position(4, 'IT0003132476', '1271', '9.73', 'EUR'),
        position(5, 'US0378331005', '91', '216.26', 'USD'),
        position(6, 'IE00B5BMR087', '143', '514.53', 'EUR'),
      ],
    });
  });

  test('reads the same from an XLSX with typed numbers and dates', async () => {
    const [header, ...rows] = FINECO_CSV.toString('utf8')
      .trim()
      .split('\r\n')
      .map((l) => l.split(';'));
    const xlsx = await writeXlsxFile([
      header!.map((value) => ({ value })),
      ...rows.map(([account, , isin, name, quantity, price, currency]) => [
        { value: account! },
        { value: new Date(Date.UTC(2026, 10, 3)), type: Date, format: 'dd/mm/yyyy' },
        { value: isin! },
        { value: name! },
        { value: Number(quantity!.replace('.', '')), type: Number },
        { value: Number(price!.replace(',', '.')), type: Number },
        { value: currency! },
      ]),
    ]).toBuffer();
    expect(await readLayoutFile(xlsx, FINECO_LAYOUT)).toEqual(await readLayoutFile(FINECO_CSV, FINECO_LAYOUT));
  });
});

describe('movement and balance layouts', () => {
  test('a movement file: amounts signed as written, optional fields when given', async () => {
    const file = csv(
      [
        'Rapporto,Data contabile,Data valuta,Importo,Divisa,Causale,Descrizione,Titolo,Quantita,Prezzo',
        '1000/1007,2026-11-03,2026-11-02,-1250.40,EUR,ACQ,ACQUISTO TITOLI,IT0005425233,"1,000",101.5',
        '1000/1007,2026-11-03,,"2,500.00",eur,BON,,,,',
      ].join('\n'),
    );
    expect(await readLayoutFile(file, MOVEMENTS_LAYOUT)).toEqual({
      ok: true,
      balances: [],
      positions: [],
      movements: [
        {
          line: 2,
          account: { accountNumber: '1000/1007' },
          date: '2026-11-03',
          valueDate: '2026-11-02',
          amount: '-1250.40',
          currency: 'EUR',
          code: 'ACQ',
          description: 'ACQUISTO TITOLI',
          instrumentCode: 'IT0005425233',
          quantity: '1000',
          price: '101.5',
        },
        {
          line: 3,
          account: { accountNumber: '1000/1007' },
          date: '2026-11-03',
          amount: '2500.00',
          currency: 'EUR',
          code: 'BON',
          description: '',
        },
      ],
    });
  });

  test('a balance file naming dossiers, in another column order with extra columns', async () => {
    const file = csv('Divisa;Note;Saldo;Data;Dossier\nEUR;x;-1.234,50;31/10/2026;D-778\nEUR;;0,00;31/10/2026;D-779');
    expect(await readLayoutFile(file, BALANCES_LAYOUT)).toEqual({
      ok: true,
      movements: [],
      positions: [],
      balances: [
        { line: 2, account: { dossier: 'D-778' }, date: '2026-10-31', balance: '-1234.50', currency: 'EUR' },
        { line: 3, account: { dossier: 'D-779' }, date: '2026-10-31', balance: '0.00', currency: 'EUR' },
      ],
    });
  });
});

describe('a file is refused whole, naming the row and the column at fault', () => {
  const refused = async (file: Buffer, layout: Layout = FINECO_LAYOUT) => {
    const read = await readLayoutFile(file, layout);
    expect(read.ok).toBe(false);
    return read.ok ? { error: '' } : read;
  };
  const fineco = (edit: (text: string) => string) => Buffer.from(edit(FINECO_CSV.toString('utf8')), 'utf8');

  test('a column the layout names is missing', async () => {
    const r = await refused(fineco((t) => t.replace('Prezzo', 'Prezzo medio')));
    expect(r.error).toMatch(/^the file has no column "Prezzo" \(the layout's price\); its columns are: conto, data/);
    expect(r).not.toHaveProperty('line');
  });

  test('a number that reads two ways: only thousands groups and no decimal comma in the whole file', async () => {
    const r = await refused(fineco((t) => t.replace(/;(\d+),(\d+);(EUR|USD)/g, ';$1;$3')));
    expect(r).toEqual({
      ok: false,
      line: 2,
      error:
        'quantity ("Quantità") "12.729" reads two ways: the layout states \',\' as the decimal separator, so \'.\' ' +
        "groups thousands, but no number of the file shows ','; write 12,729 or 12729",
    });
  });

  test('a decimal written with the other separator', async () => {
    const r = await refused(fineco((t) => t.replace('6,74', '6.74')));
    expect(r).toMatchObject({ line: 3 });
    expect(r.error).toMatch(/price \("Prezzo"\) "6.74": the layout states ',' as the decimal separator/);
  });

  test('a date in another format than the layout states', async () => {
    const r = await refused(fineco((t) => t.replace('03/11/2026;IT0003132476', '2026-11-03;IT0003132476')));
    expect(r).toEqual({ ok: false, line: 4, error: 'date ("Data") "2026-11-03" is not a date DD/MM/YYYY' });
  });

  test.each([
    [
      'a date that does not exist',
      (t: string) => t.replace('03/11/2026;IT0003128367', '31/11/2026;IT0003128367'),
      3,
      /"31\/11\/2026" is not a date/,
    ],
    [
      'a quantity that is no number',
      (t: string) => t.replace('1.271', 'N/D'),
      4,
      /quantity \("Quantità"\) "N\/D" is not a number with the decimal separator ','/,
    ],
    [
      'an empty price is fine, an empty quantity is not',
      (t: string) => t.replace(';91;216,26', ';;'),
      5,
      /quantity \("Quantità"\) is empty/,
    ],
    [
      'an IBAN that fails its check',
      (t: string) =>
        t.replace(
          'IT81U0301503200000000001028;03/11/2026;IT0003128367',
          'IT81U0301503200000000001029;03/11/2026;IT0003128367',
        ),
      3,
      /is not a valid IBAN \(checksum\)/,
    ],
    ['a currency that is no ISO code', (t: string) => t.replace('USD', 'US$'), 5, /"US\$" is not a currency code/],
    [
      'a row with a separator too many (an unquoted decimal comma in a comma file)',
      (t: string) => t.replace('ENI;', 'ENI;SPA;'),
      4,
      /the row has 8 cells, the header 7/,
    ],
  ])('%s', async (_, edit, line, error) => {
    const r = await refused(fineco(edit));
    expect(r).toMatchObject({ line });
    expect(r.error).toMatch(error);
  });

  test('a layout that does not fit its kind', async () => {
    const { price: _, ...noPrice } = FINECO_LAYOUT.columns;
    expect((await refused(FINECO_CSV, { ...FINECO_LAYOUT, columns: { ...noPrice, amount: 'Prezzo' } })).error).toBe(
      'the layout\'s field "amount" is no field of a POSITIONS layout (account, date, instrument, quantity, currency, price)',
    );
    const { quantity: __, ...noQuantity } = FINECO_LAYOUT.columns;
    expect((await refused(FINECO_CSV, { ...FINECO_LAYOUT, columns: noQuantity })).error).toBe(
      'the layout names no column for quantity, which a POSITIONS file needs',
    );
    expect(
      (await refused(FINECO_CSV, { ...FINECO_LAYOUT, columns: { ...FINECO_LAYOUT.columns, price: 'quantità' } })).error,
    ).toBe('the layout reads the column "quantità" as both quantity and price');
  });

  test('a file that is no table, and a header alone', async () => {
    expect((await refused(Buffer.from([0, 1, 2, 3]))).error).toBe('The file is neither CSV text nor an XLSX workbook');
    expect((await refused(fineco((t) => t.split('\r\n')[0]!))).error).toBe('The file has no data rows');
  });
});
