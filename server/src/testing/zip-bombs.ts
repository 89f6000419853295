// Hostile workbooks for the upload tests (issue 15: four zip bombs froze the API): an XLSX is a zip, written here part
// by part so that a test can make a part unpack to hundreds of megabytes from a small file, or make the sizes the
// archive declares (central directory, local header) lie about what its data unpacks to.
import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';

export interface ZipPart {
  name: string;
  /** The bytes as stored: raw deflate data (method 8). */
  data: Buffer;
  crc: number;
  /** What the data unpacks to. */
  size: number;
  /** The uncompressed size the central directory declares (default: the true one). */
  directorySize?: number;
  /** The uncompressed size the local header declares (default: the true one). */
  localSize?: number;
}

/** One part, deflated. */
export function part(name: string, text: string | Uint8Array): ZipPart {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.from(text);
  return { name, data: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length };
}

/**
 * A part of `head`, then `unit` `count` times, then `tail`, deflated as it is produced (a few hundred kilobytes for
 * hundreds of megabytes of repeated XML).
 */
export async function repeatedPart(
  name: string,
  head: string,
  unit: string,
  count: number,
  tail: string,
): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = 0;
  let size = 0;
  const write = async (bytes: Buffer) => {
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await once(deflate, 'drain');
  };
  await write(Buffer.from(head));
  const perChunk = Math.max(1, Math.floor(1_000_000 / unit.length));
  const chunk = Buffer.from(unit.repeat(perChunk));
  let left = count;
  for (; left >= perChunk; left -= perChunk) await write(chunk);
  if (left > 0) await write(Buffer.from(unit.repeat(left)));
  await write(Buffer.from(tail));
  deflate.end();
  await once(deflate, 'end');
  return { name, data: Buffer.concat(out), crc, size };
}

/** A zip archive of the parts, with the sizes each declares (true unless a test makes them lie). */
export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0, 6); // flags: sizes in this header
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(p.localSize ?? p.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.data.length, 20);
    central.writeUInt32LE(p.directorySize ?? p.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    directory.push(central, name);
    locals.push(local, name, p.data);
    offset += local.length + name.length + p.data.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** The parts of a real workbook (write-excel-file) with the given rows of text cells, to replace some of them. */
export async function workbookParts(rows: string[][]): Promise<ZipPart[]> {
  const xlsx = await writeXlsxFile(rows.map((r) => r.map((value) => ({ value })))).toBuffer();
  return Object.entries(unzipSync(new Uint8Array(xlsx))).map(([name, bytes]) => part(name, bytes));
}

/** The workbook's parts with `replacements` put in place of (or added to) the parts of the same name. */
export function withParts(parts: ZipPart[], ...replacements: ZipPart[]): ZipPart[] {
  const names = new Set(replacements.map((p) => p.name));
  return [...parts.filter((p) => !names.has(p.name)), ...replacements];
}

export const SHEET = 'xl/worksheets/sheet1.xml';
export const SHARED_STRINGS = 'xl/sharedStrings.xml';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';
export const STRINGS_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN}">`;
export const STRINGS_TAIL = '</sst>';
