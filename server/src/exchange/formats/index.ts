// The bank file readers behind one call (issue 17): a received file, the format its counterpart sends it in (or the
// one its content shows, detectFormat), and for LAYOUT the counterpart's layout, give everything the file says as
// ReadBankFile (./types.ts), or why it cannot be read. Pure: no database, no clock, no network.
import type { FileFormat, Layout } from '@patrimonio/shared-api';
import type { ReadLimits } from '../../import/read-table.ts';
import { readCamt053 } from './camt053.ts';
import { readCbi } from './cbi.ts';
import { readLayoutFile } from './layout.ts';
import type { ReadBankFile } from './types.ts';

export type { BankAccountRef, BankBalance, BankMovement, BankPosition, ReadBankFile } from './types.ts';

/**
 * Reads a bank file whole in `format`. `layout` is the counterpart's layout of a LAYOUT file (ignored for CBI and
 * CAMT053); `limits` bound what reading a CSV or XLSX may take (the imports' defaults when not given).
 */
export async function readBankFile(
  format: FileFormat,
  bytes: Buffer,
  layout: Layout | null,
  limits?: ReadLimits,
): Promise<ReadBankFile> {
  if (bytes.length === 0) return { ok: false, error: 'the file is empty' };
  switch (format) {
    case 'CBI':
      return readCbi(bytes);
    case 'CAMT053':
      return readCamt053(bytes);
    case 'LAYOUT':
      if (!layout) return { ok: false, error: 'a LAYOUT file is read with its counterpart layout, and none is given' };
      return readLayoutFile(bytes, layout, limits);
  }
}

/** Where the first element of an XML text starts, past its declaration, comments, processing instructions. */
const XML_PROLOG = /^(?:\uFEFF)?(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*/;
const CAMT053_ROOT =
  /^<(?:([A-Za-z_][\w.-]*):)?Document\b[^>]*?\sxmlns(?::([A-Za-z_][\w.-]*))?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.\d{2}["']/;

/**
 * The format a file's content shows, for a file no counterpart's pattern matched: CBI when its first record is RH
 * (" RH" at its start), CAMT053 when its root element is a Document of a camt.053 namespace; else null (a
 * counterpart's CSV or XLSX layout cannot be told from its content). The name is not trusted: only the content
 * decides, as in the imports.
 */
export function detectFormat(_name: string, bytes: Buffer): FileFormat | null {
  if (bytes.subarray(0, 3).toString('latin1') === ' RH') return 'CBI';
  const head = bytes.subarray(0, 4096).toString('utf8');
  const rest = head.slice(XML_PROLOG.exec(head)?.[0].length ?? 0);
  const root = CAMT053_ROOT.exec(rest);
  // The namespace must be the root element's own: the default one for <Document>, its prefix's for <p:Document>.
  if (root && (root[1] ?? '') === (root[2] ?? '')) return 'CAMT053';
  return null;
}
