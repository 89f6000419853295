// Writes an export sheet to an .xlsx file with write-excel-file (browser entry), loaded on the first export
// (its own chunk), and hands it to the browser as a download.
import type { XlsxSheet } from './export.ts';

export async function xlsxBlob(sheet: XlsxSheet): Promise<Blob> {
  const { default: writeXlsxFile } = await import(/* webpackChunkName: "xlsx" */ 'write-excel-file/browser');
  return writeXlsxFile(sheet.data, { sheet: sheet.sheet, columns: sheet.columns, stickyRowsCount: 1 }).toBlob();
}

export async function downloadXlsx(sheet: XlsxSheet, fileName: string): Promise<void> {
  const blob = await xlsxBlob(sheet);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser time to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
