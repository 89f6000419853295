// Test helper: reads back an uncompressed jsPDF output (createReportDocument({ compress: false })) without a PDF
// tool: objects by the xref offsets, pages in /Kids order with their MediaBox, and each page's text runs decoded
// through the fonts' ToUnicode maps (Montserrat is embedded as Identity-H: glyph ids, not characters, in Tj).

export interface PdfPage {
  width: number;
  height: number;
  /** The text of every Tj, in drawing order. */
  texts: string[];
  /** Where each of texts starts in content. */
  textOffsets: number[];
  /** The raw content stream. */
  content: string;
}

export interface PdfReadBack {
  pages: PdfPage[];
  /** /BaseFont names of the fonts the pages use. */
  usedFonts: string[];
  /** Image XObjects in the file. */
  imageCount: number;
}

const ref = (body: string, key: string): number | null => {
  const m = new RegExp(`/${key} (\\d+) 0 R`).exec(body);
  return m ? Number(m[1]) : null;
};

function objects(pdf: string): Map<number, string> {
  const xref = /xref\s+0 (\d+)\s+([\s\S]*?)trailer/.exec(pdf);
  if (!xref) throw new Error('no xref table');
  const offsets = xref[2]!.trim().split(/\s*\n\s*/);
  const result = new Map<number, string>();
  offsets.forEach((line, id) => {
    const [offset, , kind] = line.split(' ');
    if (kind !== 'n') return;
    const start = Number(offset);
    result.set(id, pdf.slice(start, pdf.indexOf('\nendobj', start)));
  });
  return result;
}

const streamOf = (body: string): string => {
  const start = body.indexOf('stream\n');
  return start < 0 ? '' : body.slice(start + 7, body.lastIndexOf('endstream'));
};

/** ToUnicode bfchar map: glyph id (hex) -> the character. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, glyph, code] of block[1]!.matchAll(/<([0-9a-fA-F]+)><([0-9a-fA-F]+)>/g)) {
      map.set(glyph!.toLowerCase(), String.fromCodePoint(Number.parseInt(code!, 16)));
    }
  }
  return map;
}

const unescapeLiteral = (s: string) =>
  s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) => {
    const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    return simple[e] ?? (/^[0-7]+$/.test(e) ? String.fromCharCode(Number.parseInt(e, 8)) : e);
  });

export function readPdf(pdf: string): PdfReadBack {
  const objs = objects(pdf);
  const body = (id: number | null) => (id === null ? '' : (objs.get(id) ?? ''));
  const catalog = [...objs.values()].find((b) => /\/Type \/Catalog/.test(b)) ?? '';
  const kids = /\/Kids \[([^\]]*)\]/.exec(body(ref(catalog, 'Pages')))?.[1] ?? '';
  const pageIds = [...kids.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  const usedFonts = new Set<string>();
  const pages = pageIds.map((id) => {
    const page = body(id);
    const [, , w, h] = (/\/MediaBox \[([^\]]*)\]/.exec(page)?.[1] ?? '').trim().split(/\s+/).map(Number);
    const fontDict = /\/Font <<([\s\S]*?)>>/.exec(body(ref(page, 'Resources')))?.[1] ?? '';
    const fonts = new Map<string, { name: string; unicode: Map<string, string> | null }>();
    for (const [, name, fontId] of fontDict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = body(Number(fontId));
      const cmap = ref(font, 'ToUnicode');
      fonts.set(name!, {
        name: /\/BaseFont \/(\S+)/.exec(font)?.[1] ?? '',
        unicode: cmap === null ? null : toUnicode(streamOf(body(cmap))),
      });
    }
    const content = streamOf(body(ref(page, 'Contents')));
    const texts: string[] = [];
    const textOffsets: number[] = [];
    let current: { name: string; unicode: Map<string, string> | null } | undefined;
    const ops = /\/(F\d+) [\d.]+ Tf|<([0-9a-fA-F]*)> Tj|\(((?:\\.|[^\\)])*)\) Tj/g;
    for (const match of content.matchAll(ops)) {
      const [, font, hex, literal] = match;
      if (!font) textOffsets.push(match.index);
      if (font) {
        current = fonts.get(font);
        if (current) usedFonts.add(current.name);
      } else if (hex !== undefined) {
        const glyphs = hex.toLowerCase().match(/.{4}/g) ?? [];
        texts.push(glyphs.map((g) => current?.unicode?.get(g) ?? '\uFFFD').join(''));
      } else if (literal !== undefined) {
        texts.push(unescapeLiteral(literal));
      }
    }
    return { width: w ?? 0, height: h ?? 0, texts, textOffsets, content };
  });
  const imageCount = [...objs.values()].filter((b) => /\/Subtype \/Image/.test(b)).length;
  return { pages, usedFonts: [...usedFonts], imageCount };
}
