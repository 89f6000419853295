// Unpacks an uploaded XLSX within a limit on what it unpacks to, for the parse worker (./parse-worker.ts). An XLSX is a
// zip: a small file can declare, or hide, hundreds of megabytes of XML (a zip bomb). So, before anything is inflated,
// the sizes each read part declares (in the central directory and in its local header, which must agree) are added
// up against the limit; then, while inflating, the bytes actually produced are counted against each part's declared
// size (yauzl's validateEntrySizes) and against the limit, and inflating stops at the first byte beyond either.
// Only the parts read-excel-file reads (.xml and .xml.rels) are inflated; what it reads is a new archive holding just
// those parts, stored uncompressed, so it sees exactly the bytes counted here.
import { zipSync } from 'fflate';
import { type Entry, fromBufferPromise, type ZipFile } from 'yauzl';
import { fileRefused, refusalOf, tooLargeUncompressed } from './refusal.ts';

/** More parts than this is no workbook this server reads (a real one has tens). */
export const MAX_ZIP_ENTRIES = 10_000;

/** The parts read-excel-file reads (its own filter); images, printer settings and the like are skipped unread. */
const isRead = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

/** Bit 3 of the general purpose flag: the sizes follow the data (a data descriptor), the local header holds zeros. */
const DATA_DESCRIPTOR = 0x08;
const ZIP64_MARKER = 0xffffffff;

const notATable = (why: string) =>
  fileRefused('not_a_table', `The file is neither CSV text nor an XLSX workbook (${why})`, [
    { field: 'file', message: 'not a CSV or XLSX file' },
  ]);

/**
 * The size a part declares: the larger of the central directory's and its local header's (when that states one), so
 * that neither alone is trusted; headers that disagree within the limit are no readable zip.
 */
async function declaredSize(zip: ZipFile, entry: Entry, limit: number): Promise<number> {
  const local = await zip.readLocalFileHeaderPromise(entry);
  const stated = (local.generalPurposeBitFlag & DATA_DESCRIPTOR) === 0 && local.uncompressedSize !== ZIP64_MARKER;
  if (!stated || (local.uncompressedSize === entry.uncompressedSize && local.compressedSize === entry.compressedSize))
    return entry.uncompressedSize;
  const size = Math.max(local.uncompressedSize, entry.uncompressedSize);
  if (size > limit) return size;
  throw notATable(`the sizes of ${entry.fileName} in its local header and in the central directory disagree`);
}

/** The bytes of one part, inflated; stops at the first byte beyond `room` (what is left of the limit). */
async function inflate(zip: ZipFile, entry: Entry, room: number, limit: number): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > room) throw tooLargeUncompressed(limit);
      chunks.push(chunk);
    }
  } catch (err) {
    if (refusalOf(err)) throw err;
    // yauzl counts the bytes against the size the part declares as they come out.
    if (/too many bytes/.test(String((err as Error).message)))
      throw tooLargeUncompressed(limit, `has a part (${entry.fileName}) that unpacks to more than it declares`);
    throw notATable(`${entry.fileName} cannot be unpacked`);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The workbook's parts that read-excel-file reads, repacked without compression: 413 too_large_uncompressed when
 * they declare or unpack to more than `limit` bytes in all, or one unpacks to more than it declares; 400 not_a_table
 * when it is no readable zip.
 */
export async function boundedWorkbook(buf: Buffer, limit: number): Promise<Buffer> {
  let zip: ZipFile;
  try {
    zip = await fromBufferPromise(buf, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch (err) {
    throw notATable(String((err as Error).message));
  }
  try {
    if (zip.entryCount > MAX_ZIP_ENTRIES)
      throw tooLargeUncompressed(limit, `has ${zip.entryCount} parts (at most ${MAX_ZIP_ENTRIES})`);
    const read: Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      if (!isRead(entry.fileName)) continue;
      declared += await declaredSize(zip, entry, limit);
      if (declared > limit) throw tooLargeUncompressed(limit);
      read.push(entry);
    }
    const parts: Record<string, Uint8Array> = {};
    let unpacked = 0;
    for (const entry of read) {
      const bytes = await inflate(zip, entry, limit - unpacked, limit);
      unpacked += bytes.length;
      parts[entry.fileName] = bytes;
    }
    return Buffer.from(zipSync(parts, { level: 0 }));
  } catch (err) {
    if (refusalOf(err)) throw err;
    throw notATable(String((err as Error).message));
  } finally {
    zip.close();
  }
}
