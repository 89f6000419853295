// Search in the Q&A guide (spec sections 2 and 5): the text is filtered and highlighted only when the term
// is longer than 2 characters. Matching ignores case and accents ("perche" finds "perché").

/** The term must be longer than this many characters to act. */
export const GUIDE_SEARCH_THRESHOLD = 2;

export function isGuideSearchActive(term: string): boolean {
  return term.trim().length > GUIDE_SEARCH_THRESHOLD;
}

/** Case- and accent-folded text, with the index in the original of every folded character. */
function fold(text: string): { folded: string; map: number[] } {
  let folded = '';
  const map: number[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = String.fromCodePoint(text.codePointAt(i) ?? 0);
    const f = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let k = 0; k < f.length; k++) map.push(i);
    folded += f;
    i += ch.length;
  }
  map.push(text.length);
  return { folded, map };
}

const foldTerm = (term: string) => fold(term.trim()).folded;

/** Non-overlapping [start, end) ranges of the term in the text, in order; none when the search is inactive. */
export function findMatches(text: string, term: string): [number, number][] {
  if (!isGuideSearchActive(term)) return [];
  const needle = foldTerm(term);
  const { folded, map } = fold(text);
  const ranges: [number, number][] = [];
  let from = 0;
  for (;;) {
    const at = folded.indexOf(needle, from);
    if (at < 0) break;
    const start = map[at] ?? text.length;
    const end = map[at + needle.length] ?? text.length;
    if (end > start) ranges.push([start, end]);
    from = at + needle.length;
  }
  return ranges;
}

export function matchesTerm(text: string, term: string): boolean {
  return findMatches(text, term).length > 0;
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** The text split into plain and matching parts, for rendering matches in <mark>. */
export function highlightParts(text: string, term: string): TextPart[] {
  const parts: TextPart[] = [];
  let pos = 0;
  for (const [start, end] of findMatches(text, term)) {
    if (start > pos) parts.push({ text: text.slice(pos, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    pos = end;
  }
  if (pos < text.length || parts.length === 0) parts.push({ text: text.slice(pos), match: false });
  return parts;
}

export interface GuideEntryText {
  question: string;
  answer: string;
}

export interface GuideSectionText {
  /** Section number, 0 to 5. */
  number: number;
  title: string;
  entries: GuideEntryText[];
}

export interface GuideSectionResult extends GuideSectionText {
  /** True when the search is active and this section matched: it opens automatically. */
  matched: boolean;
}

/**
 * The sections to show for a search term. Inactive search: everything, nothing marked as matched. Active
 * search: only the sections whose title or entries match; a section that matches only by its title keeps
 * all its entries, otherwise only the matching entries are shown.
 */
export function filterGuide(sections: GuideSectionText[], term: string): GuideSectionResult[] {
  if (!isGuideSearchActive(term)) return sections.map((s) => ({ ...s, matched: false }));
  const results: GuideSectionResult[] = [];
  for (const section of sections) {
    const entries = section.entries.filter((e) => matchesTerm(e.question, term) || matchesTerm(e.answer, term));
    const titleMatches = matchesTerm(section.title, term);
    if (!titleMatches && entries.length === 0) continue;
    results.push({ ...section, entries: entries.length ? entries : section.entries, matched: true });
  }
  return results;
}
