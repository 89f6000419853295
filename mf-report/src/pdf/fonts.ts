// Montserrat in the PDF (spec portal-and-report section 9): Regular (400) and Bold (700), the two weights jsPDF
// and svg2pdf.js know. jsPDF embeds the TTF and subsets it to the glyphs used. This module takes the font bytes,
// so it runs in the browser and in Node; fonts-browser.ts fetches the bundled files in the browser.
import type { jsPDF } from 'jspdf';

export const REPORT_FONT = 'Montserrat';

export interface MontserratFonts {
  /** Montserrat_400Regular.ttf bytes. */
  regular: Uint8Array | ArrayBuffer;
  /** Montserrat_700Bold.ttf bytes. */
  bold: Uint8Array | ArrayBuffer;
}

/** Package paths of the TTF files, for a Node caller reading them (e.g. with createRequire().resolve). */
export const MONTSERRAT_FILES = {
  regular: '@expo-google-fonts/montserrat/400Regular/Montserrat_400Regular.ttf',
  bold: '@expo-google-fonts/montserrat/700Bold/Montserrat_700Bold.ttf',
} as const;

// jsPDF's virtual file system takes binary strings; converting 330 KB once per font, not per document.
const binaryCache = new WeakMap<object, string>();
function binaryString(bytes: Uint8Array | ArrayBuffer): string {
  const cached = binaryCache.get(bytes);
  if (cached !== undefined) return cached;
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = '';
  const CHUNK = 0x8000; // below the engines' argument-count limit of String.fromCharCode
  for (let i = 0; i < view.length; i += CHUNK) out += String.fromCharCode(...view.subarray(i, i + CHUNK));
  binaryCache.set(bytes, out);
  return out;
}

/** Registers Montserrat normal and bold with the document (it stays the caller's choice to select it). */
export function registerMontserrat(doc: jsPDF, fonts: MontserratFonts): void {
  doc.addFileToVFS('Montserrat-Regular.ttf', binaryString(fonts.regular));
  doc.addFont('Montserrat-Regular.ttf', REPORT_FONT, 'normal');
  doc.addFileToVFS('Montserrat-Bold.ttf', binaryString(fonts.bold));
  doc.addFont('Montserrat-Bold.ttf', REPORT_FONT, 'bold');
}

/** Fetches the two TTF files from their URLs (the browser: the bundler's asset URLs). */
export async function fetchMontserrat(
  urls: { regular: string; bold: string },
  fetchFn: typeof fetch = fetch,
): Promise<MontserratFonts> {
  const get = async (url: string) => {
    const res = await fetchFn(url);
    if (!res.ok) throw new Error(`Montserrat font: ${url} answered ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  };
  const [regular, bold] = await Promise.all([get(urls.regular), get(urls.bold)]);
  return { regular, bold };
}
