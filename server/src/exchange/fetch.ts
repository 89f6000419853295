// Fetching a server's files (issue 17): on its schedule (the exchange-fetch job) and on demand (POST
// /external-server/{id}/fetch). The server's folder, and each of its counterparts' sub-folders, are listed; a file
// matching the server's pattern is downloaded, and recorded once by (server, name, SHA-256): a file received before
// is left alone, and one listed with the name, size and modification time of a file received before is not even
// downloaded again. A new file goes to the counterpart whose folder it is in and one of whose formats' patterns its name
// matches; a run is queued for its import. A file no counterpart claims is kept in the file log as NO_COUNTERPART.
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { Counterpart, FetchResult, ServerCheck } from '@patrimonio/shared-api';
import {
  counterpartsOfServer,
  fileKnown,
  insertFile,
  insertRun,
  listedBefore,
  listedKey,
  recordFetch,
  type ServerRow,
  serverForConnect,
} from '../data/exchange.ts';
import type { Database } from '../db/database.ts';
import { patternMatches } from './pattern.ts';
import type { SecretBox } from './secrets.ts';
import { describeFailure, type FileSource, MAX_FILE_BYTES, openSource, type RemoteFile } from './sources.ts';

export const EXCHANGE_IMPORT = 'exchange-import';

export interface ExchangeDeps {
  db: Database;
  box: SecretBox;
  dropDir: string;
  send: (name: string, data: object) => Promise<void>;
}

async function connect(deps: ExchangeDeps, s: ServerRow): Promise<FileSource> {
  return openSource(
    {
      protocol: s.protocol,
      host: s.host,
      port: s.port,
      username: s.username,
      password: s.passwordEnc ? deps.box.open(s.passwordEnc) : null,
      privateKey: s.privateKeyEnc ? deps.box.open(s.privateKeyEnc) : null,
    },
    deps.dropDir,
  );
}

/** The folders a fetch lists: the server's, and each counterpart's sub-folder of it. */
function foldersOf(server: ServerRow, counterparts: Counterpart[]): string[] {
  const sub = counterparts.filter((c) => c.folder).map((c) => posix.join(server.folder, c.folder!));
  return [...new Set([server.folder, ...sub])];
}

/** The counterpart and format a file in `folder` belongs to, if one claims it. */
function claim(server: ServerRow, counterparts: Counterpart[], folder: string, name: string) {
  for (const c of counterparts) {
    const its = c.folder ? posix.join(server.folder, c.folder) : server.folder;
    if (its !== folder) continue;
    const format = c.formats.find((f) => patternMatches(f.filePattern, name));
    if (format) return { counterpartId: c.id, format: format.format };
  }
  return null;
}

/** Connects and lists the server's folder: what it saw, or why it failed. Nothing is downloaded. */
export async function checkServer(deps: ExchangeDeps, id: number): Promise<ServerCheck | null> {
  const server = await serverForConnect(deps.db, id);
  if (!server) return null;
  let source: FileSource | undefined;
  try {
    source = await connect(deps, server);
    const files = await source.list(server.folder);
    const matching = files.filter((f) => patternMatches(server.filePattern, f.name)).length;
    return {
      ok: true,
      message: `connected; ${files.length} files in ${server.folder}, ${matching} matching ${server.filePattern}`,
      files: files.slice(0, 200),
      matching,
    };
  } catch (err) {
    return { ok: false, message: describeFailure(err), files: [], matching: 0 };
  } finally {
    await source?.close();
  }
}

/** Downloads the server's new files into the file log and queues their imports. */
export async function fetchServer(deps: ExchangeDeps, id: number): Promise<FetchResult | null> {
  const server = await serverForConnect(deps.db, id);
  if (!server) return null;
  let source: FileSource | undefined;
  let received = 0;
  let known = 0;
  const skipped: string[] = [];
  try {
    source = await connect(deps, server);
    const counterparts = await counterpartsOfServer(deps.db, id);
    const seen = await listedBefore(deps.db, id);
    for (const folder of foldersOf(server, counterparts)) {
      let files: RemoteFile[];
      try {
        files = await source.list(folder);
      } catch (err) {
        // The server's own folder must be there; a counterpart's sub-folder may not exist yet.
        if (folder === server.folder) throw err;
        continue;
      }
      for (const f of files.filter((x) => patternMatches(server.filePattern, x.name))) {
        if (f.size > MAX_FILE_BYTES) {
          skipped.push(`${f.name} (over ${MAX_FILE_BYTES} bytes)`);
          continue;
        }
        // Listed as before (name, size, modification time): known without downloading it again.
        const key = listedKey(f);
        if (key !== null && seen.has(key)) {
          known += 1;
          continue;
        }
        const content = await source.read(folder, f.name);
        const sha256 = createHash('sha256').update(content).digest('hex');
        if (await fileKnown(deps.db, id, { name: f.name, sha256, modifiedAt: f.modifiedAt })) {
          known += 1;
          continue;
        }
        const claimed = claim(server, counterparts, folder, f.name);
        const runId = await deps.db.transaction(async (tx) => {
          const fileId = await insertFile(tx, {
            serverId: id,
            counterpartId: claimed?.counterpartId ?? null,
            name: f.name,
            sha256,
            content,
            format: claimed?.format ?? null,
            status: claimed ? 'RECEIVED' : 'NO_COUNTERPART',
            modifiedAt: f.modifiedAt,
          });
          // Another process fetching at the same moment recorded it first.
          if (fileId === null) return undefined;
          return claimed ? insertRun(tx, fileId, claimed.counterpartId, claimed.format, null) : null;
        });
        if (runId === undefined) {
          known += 1;
          continue;
        }
        received += 1;
        if (runId !== null) await deps.send(EXCHANGE_IMPORT, { runId });
      }
    }
    const message = `${received} new files, ${known} already received${skipped.length ? `; skipped ${skipped.join(', ')}` : ''}`;
    await recordFetch(deps.db, id, true, message);
    return { ok: true, message, received, known };
  } catch (err) {
    const message = describeFailure(err);
    await recordFetch(deps.db, id, false, message);
    return { ok: false, message, received, known };
  } finally {
    await source?.close();
  }
}
