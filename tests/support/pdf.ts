// Reads a downloaded report back for the end-to-end checks (issue 7): pages with their size in pt and their text
// lines (pdfjs-dist's text content joined per line), and the fonts the file embeds.
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfPage {
  /** Width and height in pt. */
  width: number;
  height: number;
  /** The text items of the page, in drawing order. */
  texts: string[];
  /** Raster images painted on the page (the logo, the real-estate map). */
  images: number;
}

export interface ReadPdf {
  pages: PdfPage[];
  /** Names of the embedded fonts (font descriptors' FontName, subset prefixes removed). */
  fonts: string[];
  /** Size of the file in bytes. */
  size: number;
}

/** Parses the PDF bytes with pdfjs-dist (no worker, in Node). */
export async function readPdfFile(bytes: Uint8Array): Promise<ReadPdf> {
  const size = bytes.byteLength;
  const task = getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
  });
  const doc = await task.promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const texts = content.items.map((item) => ('str' in item ? item.str : '')).filter((text) => text.trim() !== '');
    const operators = await page.getOperatorList();
    const images = operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
    pages.push({ width: x1 - x0, height: y1 - y0, texts, images });
  }
  await task.destroy();
  // Embedded font programs are named in the font descriptors: /FontName /ABCDEF+Montserrat-Regular.
  const raw = new TextDecoder('latin1').decode(bytes);
  const fonts = [...new Set([...raw.matchAll(/\/FontName\s*\/(?:[A-Z]{6}\+)?([A-Za-z0-9-]+)/g)].map((m) => m[1]!))];
  return { pages, fonts, size };
}
