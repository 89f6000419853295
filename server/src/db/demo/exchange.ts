// The file exchange of the demo data (issue 17): one LOCAL server (a folder of the drop directory, so the demo works
// with no network), the counterparts whose sample files it holds (server/src/exchange/samples: a CBI file, a camt.053
// statement and a CSV positions layout) and their mapping, but for ONE transaction code left unmapped on purpose, so
// that the first fetch shows a run waiting in "to map". Nothing is fetched at seed time: the admin's "Fetch now" (or
// a schedule the admin sets) brings the files in, and their movements then wait in /approve.

import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../database.ts';

/** The demo server's folder, under the drop directory. */
export const DEMO_DROP_FOLDER = 'demo-banks';
export const DEMO_SERVER_NAME = 'Cartella demo (locale)';
/** The sample bank files that come with the code. */
export const SAMPLES = new URL('../../exchange/samples/', import.meta.url).pathname;

interface DemoCounterpart {
  name: string;
  intermediary: string;
  abi: string;
  formats: Array<{ format: 'CBI' | 'CAMT053' | 'LAYOUT'; filePattern: string; layoutFile?: string }>;
  /** CAUSE mappings: bank code, direction, our cause (and FEE subcause). */
  causes: Array<[code: string, direction: 'CREDIT' | 'DEBIT' | 'ANY', cause: string, subcause?: string]>;
}

/** The counterparts and the codes mapped; the sample files' README says which code is left unmapped. */
export const DEMO_COUNTERPARTS: DemoCounterpart[] = [
  {
    name: 'UniCredit (CBI)',
    intermediary: 'UniCredit',
    abi: '02008',
    formats: [{ format: 'CBI', filePattern: '*.cbi' }],
    // 34 (giroconto) is left unmapped on purpose: the CBI file's run waits in "to map".
    causes: [
      ['48', 'CREDIT', 'DEPOSIT'],
      ['26', 'DEBIT', 'WITHDRAWAL'],
      ['50', 'DEBIT', 'WITHDRAWAL'],
      ['66', 'DEBIT', 'FEE', 'CONTO_CORRENTE'],
    ],
  },
  {
    name: 'Intesa Sanpaolo (camt.053)',
    intermediary: 'Intesa Sanpaolo',
    abi: '03069',
    formats: [{ format: 'CAMT053', filePattern: '*camt053*.xml' }],
    causes: [
      ['PMNT-RCDT-ESCT', 'CREDIT', 'DEPOSIT'],
      ['PMNT-ICDT-ESCT', 'DEBIT', 'WITHDRAWAL'],
      ['PMNT-IDDT-ESDD', 'DEBIT', 'WITHDRAWAL'],
      ['66', 'DEBIT', 'FEE', 'CONTO_CORRENTE'],
    ],
  },
  {
    name: 'FinecoBank (posizioni CSV)',
    intermediary: 'FinecoBank',
    abi: '03015',
    formats: [{ format: 'LAYOUT', filePattern: '*positions*.csv', layoutFile: 'demo-fineco-positions.layout.json' }],
    causes: [],
  },
];

export async function seedExchange(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into external_servers (name, protocol, folder, file_pattern, schedule, enabled)
     values ($1, 'LOCAL', $2, '*', null, true) returning id`,
    [DEMO_SERVER_NAME, DEMO_DROP_FOLDER],
  );
  const serverId = rows[0]!.id;
  for (const c of DEMO_COUNTERPARTS) {
    const formats = [];
    for (const f of c.formats) {
      const layout = f.layoutFile ? JSON.parse(await readFile(join(SAMPLES, f.layoutFile), 'utf8')) : null;
      formats.push({ format: f.format, filePattern: f.filePattern, layout });
    }
    const { rows: cp } = await tx.query<{ id: number }>(
      `insert into counterparts (name, abi, financial_intermediary_id, server_id, formats)
       values ($1, $2, (select id from financial_intermediaries where name = $3 order by id limit 1), $4, $5::jsonb)
       returning id`,
      [c.name, c.abi, c.intermediary, serverId, JSON.stringify(formats)],
    );
    for (const [code, direction, cause, subcause] of c.causes)
      await tx.query(
        `insert into exchange_mappings (counterpart_id, kind, code, direction, cause, subcause)
         values ($1, 'CAUSE', $2, $3, $4, $5)`,
        [cp[0]!.id, code, direction, cause, subcause ?? null],
      );
  }
}

/**
 * Puts the sample bank files in the demo server's folder when it is not there yet (a new data folder, a test's
 * temporary drop directory): the demo database names the folder, the files come with the code.
 */
export async function ensureDemoDrop(dropDir: string): Promise<void> {
  const folder = join(dropDir, DEMO_DROP_FOLDER);
  if (existsSync(folder)) return;
  await mkdir(folder, { recursive: true });
  for (const name of await readdir(SAMPLES))
    if (/\.(cbi|xml|csv)$/i.test(name)) await copyFile(join(SAMPLES, name), join(folder, name));
}
