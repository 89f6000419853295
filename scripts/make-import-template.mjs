// Writes docs/import/movement-template.xlsx: the movement import template (the columns of movement-template.csv)
// with one example row per kind of movement. Run: node scripts/make-import-template.mjs
import { fileURLToPath } from 'node:url';
import writeXlsxFile from 'write-excel-file/node';

const COLUMNS = ['date', 'cause', 'subcause', 'isin', 'quantity', 'price', 'amount', 'currency', 'description'];
const text = (value) => (value === null ? null : { value, type: String });
const num = (value) => (value === null ? null : { value, type: Number });
const date = (iso) => ({ value: new Date(`${iso}T00:00:00Z`), type: Date, format: 'dd/mm/yyyy' });

// date, cause, subcause, isin, quantity, price, amount, currency, description
const EXAMPLES = [
  ['2024-01-02', 'DEPOSIT', null, null, null, null, 20000, 'EUR', 'Bonifico in entrata'],
  ['2024-01-03', 'BUY', null, 'IE00B4L5Y983', 100, 85.12, null, 'EUR', 'Acquisto iShares Core MSCI World'],
  ['2024-01-03', 'FEE', 'NEGOZIAZIONE', null, null, null, 4.95, 'EUR', 'Commissione di negoziazione'],
  ['2024-03-15', 'DIVIDEND', null, 'US0378331005', null, null, 7.2, 'USD', 'Dividendo Apple'],
  ['2024-06-30', 'TAX', null, null, null, null, 8.5, 'EUR', 'Imposta di bollo'],
];

const rows = [
  COLUMNS.map((c) => ({ value: c, fontWeight: 'bold' })),
  ...EXAMPLES.map(([d, cause, sub, isin, q, p, a, cur, desc]) => [
    date(d),
    text(cause),
    text(sub),
    text(isin),
    num(q),
    num(p),
    num(a),
    text(cur),
    text(desc),
  ]),
];

const out = fileURLToPath(new URL('../docs/import/movement-template.xlsx', import.meta.url));
await writeXlsxFile(rows, { columns: COLUMNS.map((c) => ({ width: c === 'description' ? 36 : 14 })) }).toFile(out);
console.log(`wrote ${out}`);
