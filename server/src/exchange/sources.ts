// Where a server's files are read: an SFTP server (ssh2-sftp-client), or a folder of this machine (LOCAL: a folder
// under the drop directory, DATA_DIR/drop by default, which the demo data fills so that the embedded default works
// with no network). Both list one folder (no recursion) and read one file at a time.
import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type SftpClient from 'ssh2-sftp-client';

export interface RemoteFile {
  name: string;
  size: number;
  modifiedAt: string | null;
}

export interface FileSource {
  list(folder: string): Promise<RemoteFile[]>;
  read(folder: string, name: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** What a source needs of a server, its secrets already decrypted. */
export interface SourceSettings {
  protocol: 'LOCAL' | 'SFTP';
  host: string | null;
  port: number | null;
  username: string | null;
  password: string | null;
  privateKey: string | null;
}

/** A file bigger than this is not fetched (the file log keeps the bytes in the database). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** How long an SFTP connection may take to be ready. */
const CONNECT_TIMEOUT_MS = 10_000;

/** The drop directory's folder, refusing a path that leaves it ('..', absolute paths). */
export function localFolder(dropDir: string, folder: string): string {
  const base = resolve(dropDir);
  const full = resolve(base, folder);
  const rel = relative(base, full);
  if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`folder "${folder}" is outside the drop directory`);
  return full;
}

class LocalSource implements FileSource {
  constructor(private readonly dropDir: string) {}
  async list(folder: string): Promise<RemoteFile[]> {
    const dir = localFolder(this.dropDir, folder);
    const entries = await readdir(dir, { withFileTypes: true });
    const files: RemoteFile[] = [];
    for (const e of entries) {
      if (!e.isFile()) continue;
      const s = await stat(join(dir, e.name));
      files.push({ name: e.name, size: s.size, modifiedAt: s.mtime.toISOString() });
    }
    return files.sort((a, b) => a.name.localeCompare(b.name));
  }
  async read(folder: string, name: string): Promise<Buffer> {
    return readFile(join(localFolder(this.dropDir, folder), name));
  }
  async close(): Promise<void> {}
}

class SftpSource implements FileSource {
  private constructor(private readonly client: SftpClient) {}

  static async connect(s: SourceSettings): Promise<SftpSource> {
    // Loaded on the first connection: ssh2 sets up 16 MB of WebAssembly memory (its poly1305) when it loads, which a
    // server that never exchanges files over SFTP should not hold.
    const { default: Client } = await import('ssh2-sftp-client');
    const client = new Client('patrimonio-exchange');
    await client.connect({
      host: s.host ?? '',
      port: s.port ?? 22,
      username: s.username ?? '',
      ...(s.password ? { password: s.password } : {}),
      ...(s.privateKey ? { privateKey: s.privateKey } : {}),
      readyTimeout: CONNECT_TIMEOUT_MS,
      retries: 0,
    });
    return new SftpSource(client);
  }
  async list(folder: string): Promise<RemoteFile[]> {
    const entries = await this.client.list(folder);
    return entries
      .filter((e) => e.type === '-')
      .map((e) => ({ name: e.name, size: e.size, modifiedAt: new Date(e.modifyTime).toISOString() }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }
  async read(folder: string, name: string): Promise<Buffer> {
    const path = `${folder.replace(/\/$/, '')}/${name}`;
    const data = await this.client.get(path);
    if (!Buffer.isBuffer(data)) throw new Error(`could not read ${path}`);
    return data;
  }
  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}

export async function openSource(s: SourceSettings, dropDir: string): Promise<FileSource> {
  return s.protocol === 'LOCAL' ? new LocalSource(dropDir) : SftpSource.connect(s);
}

/** A failure as one readable line (no stack, no secret). */
export function describeFailure(err: unknown): string {
  const e = err as NodeJS.ErrnoException & { level?: string };
  if (e?.code === 'ENOENT') return 'folder or file not found';
  if (e?.code === 'EACCES') return 'permission denied';
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/^[a-z]+\.?\w*:\s*/i, '').slice(0, 300) || 'unknown error';
}
