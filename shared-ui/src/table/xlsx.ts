// Writes an export sheet to an .xlsx file with write-excel-file (browser entry), loaded on the first export
// (its own chunk), and hands it to the browser as a download.
import { saveBlob } from '../download.ts';
import type { XlsxSheet } from './export.ts';

export async function xlsxBlob(sheet: XlsxSheet): Promise<Blob> {
  const { default: writeXlsxFile } = await import(/* webpackChunkName: "xlsx" */ 'write-excel-file/browser');
  return writeXlsxFile(sheet.data, { sheet: sheet.sheet, columns: sheet.columns, stickyRowsCount: 1 }).toBlob();
}

export async function downloadXlsx(sheet: XlsxSheet, fileName: string): Promise<void> {
  saveBlob(await xlsxBlob(sheet), fileName);
}
