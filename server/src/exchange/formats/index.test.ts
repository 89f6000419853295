// The readers behind readBankFile, and detectFormat on the demo's samples and on files it must not claim.
import { readFileSync } from 'node:fs';
import type { Layout } from '@patrimonio/shared-api';
import { describe, expect, test } from 'vitest';
import { detectFormat, readBankFile } from './index.ts';

const sample = (name: string) => readFileSync(new URL(`../samples/${name}`, import.meta.url));
const CBI = sample('demo-unicredit-20261103.cbi');
const CAMT = sample('demo-intesa-camt053-20261103.xml');
const CSV = sample('demo-fineco-positions-20261103.csv');
const LAYOUT = JSON.parse(sample('demo-fineco-positions.layout.json').toString('utf8')) as Layout;

describe('readBankFile', () => {
  test('reads each sample in its format', async () => {
    const cbi = await readBankFile('CBI', CBI, null);
    expect(cbi.ok && [cbi.movements.length, cbi.balances.length, cbi.positions.length]).toEqual([5, 2, 0]);
    const camt = await readBankFile('CAMT053', CAMT, null);
    expect(camt.ok && [camt.movements.length, camt.balances.length, camt.skipped]).toEqual([4, 1, 1]);
    const layout = await readBankFile('LAYOUT', CSV, LAYOUT);
    expect(layout.ok && layout.positions.length).toBe(5);
  });

  test('a file in another format than its counterpart sends is refused, never half-read', async () => {
    expect(await readBankFile('CBI', CAMT, null)).toMatchObject({ ok: false, line: 1 });
    expect(await readBankFile('CAMT053', CBI, null)).toMatchObject({ ok: false });
    expect(await readBankFile('LAYOUT', CBI, LAYOUT)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^the file has no column "Conto"/),
    });
  });

  test('a LAYOUT file needs its layout; an empty file is refused', async () => {
    expect(await readBankFile('LAYOUT', CSV, null)).toEqual({
      ok: false,
      error: 'a LAYOUT file is read with its counterpart layout, and none is given',
    });
    expect(await readBankFile('CBI', Buffer.alloc(0), null)).toEqual({ ok: false, error: 'the file is empty' });
  });
});

describe('detectFormat', () => {
  test('tells CBI and camt.053 by their content, whatever their name', () => {
    expect(detectFormat('anything.txt', CBI)).toBe('CBI');
    expect(detectFormat('statement.dat', CAMT)).toBe('CAMT053');
    const prefixed = CAMT.toString('utf8')
      .replace(/<(\/?)([A-Z][A-Za-z]*)/g, '<$1ns2:$2')
      .replace('xmlns="', 'xmlns:ns2="');
    expect(detectFormat('x', Buffer.from(`\uFEFF<!-- bank export -->\n${prefixed}`))).toBe('CAMT053');
  });

  test('claims nothing else', () => {
    expect(detectFormat('demo-fineco-positions-20261103.csv', CSV)).toBeNull();
    expect(detectFormat('x.cbi', Buffer.from(' EC03069AP9KJ'))).toBeNull();
    expect(
      detectFormat('x.xml', Buffer.from(CAMT.toString('utf8').replace('camt.053.001.02', 'camt.052.001.02'))),
    ).toBeNull();
    // The camt.053 namespace declared for another prefix than the root's is not the root's namespace.
    expect(
      detectFormat(
        'x.xml',
        Buffer.from(
          CAMT.toString('utf8').replace(
            'xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"',
            'xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"',
          ),
        ),
      ),
    ).toBeNull();
    expect(detectFormat('x', Buffer.alloc(0))).toBeNull();
  });
});
