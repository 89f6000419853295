// The stored form of a valuation series' daily figures (engine DailyFigures; valuation_series.figures, migration 025):
// a little-endian uint32 with the length of a JSON header (the range and the keys: lines, cash, accounts, classes),
// the header, zeros up to a multiple of 8, then every Float64Array of the figures, in the header's order, each as
// long as the range has days. Decoding makes views on the bytes (no copy), so the engine's threads read the figures
// from the shared memory the main thread holds them in.
import type { DailyFigures, MacroAssetClass, Period, ValueSeries } from '@patrimonio/engine';

interface Header {
  range: Period;
  days: number;
  lines: Array<[accountId: number, instrumentId: number]>;
  cash: number[];
  accounts: number[];
  classes: Array<[name: string, macro: MacroAssetClass]>;
  macros: MacroAssetClass[];
}

const seriesArrays = (s: ValueSeries) => [s.value, s.inflow, s.outflow];

/** Every array of the figures, in the stored order. */
function arraysOf(f: DailyFigures): Float64Array[] {
  return [
    ...seriesArrays(f.portfolio),
    ...f.lines.flatMap((l) => seriesArrays(l.series)),
    ...f.cash.flatMap((c) => seriesArrays(c.series)),
    ...f.accounts.flatMap((a) => [...seriesArrays(a.series), a.stockValue, a.cashValue]),
    ...f.assetClasses.flatMap((c) => seriesArrays(c.series)),
    ...f.macroAssetClasses.flatMap((m) => seriesArrays(m.series)),
  ];
}

/** The figures' bytes. Worked example: 10 days of a portfolio with one line and one account: 4 + header + 240 + 400 bytes. */
export function encodeFigures(f: DailyFigures): Uint8Array {
  const arrays = arraysOf(f);
  const days = f.portfolio.value.length;
  const header: Header = {
    range: f.range,
    days,
    lines: f.lines.map((l) => [l.accountId, l.instrumentId]),
    cash: f.cash.map((c) => c.accountId),
    accounts: f.accounts.map((a) => a.accountId),
    classes: f.assetClasses.map((c) => [c.name, c.macroAssetClass]),
    macros: f.macroAssetClasses.map((m) => m.name),
  };
  const text = Buffer.from(JSON.stringify(header));
  const start = Math.ceil((4 + text.length) / 8) * 8;
  // In shared memory: the engine's thread that made them hands them to the API's thread without a copy.
  const out = new Uint8Array(new SharedArrayBuffer(start + arrays.length * days * 8));
  new DataView(out.buffer).setUint32(0, text.length, true);
  out.set(text, 4);
  const numbers = new Float64Array(out.buffer, start, arrays.length * days);
  arrays.forEach((a, k) => {
    if (a.length !== days) throw new RangeError(`figures of ${a.length} days in a series of ${days}`);
    numbers.set(a, k * days);
  });
  return out;
}

/** The figures in `bytes` (as encodeFigures wrote them), as views on them. */
export function decodeFigures(bytes: ArrayBufferLike): DailyFigures {
  const length = new DataView(bytes, 0, 4).getUint32(0, true);
  const header = JSON.parse(Buffer.from(bytes, 4, length).toString('utf8')) as Header;
  const { days } = header;
  let offset = Math.ceil((4 + length) / 8) * 8;
  const next = () => {
    const a = new Float64Array(bytes, offset, days);
    offset += days * 8;
    return a;
  };
  const series = (): ValueSeries => ({ value: next(), inflow: next(), outflow: next() });
  const figures: DailyFigures = {
    range: header.range,
    portfolio: series(),
    lines: header.lines.map(([accountId, instrumentId]) => ({ accountId, instrumentId, series: series() })),
    cash: header.cash.map((accountId) => ({ accountId, series: series() })),
    accounts: header.accounts.map((accountId) => ({
      accountId,
      series: series(),
      stockValue: next(),
      cashValue: next(),
    })),
    assetClasses: header.classes.map(([name, macroAssetClass]) => ({ name, macroAssetClass, series: series() })),
    macroAssetClasses: header.macros.map((name) => ({ name, series: series() })),
  };
  if (offset !== bytes.byteLength) throw new RangeError(`stored figures of ${bytes.byteLength} bytes, read ${offset}`);
  return figures;
}
