// The page's geometry in pt, on its own (no imports) so that code without the portal's modules can place things on
// a report page: the e2e journey finds the charts of a downloaded report there (issue 13). document.ts re-exports it.

/** Page geometry in pt (unit 'pt'): A4 landscape and the report's margins. */
export const PAGE = { width: 841.89, height: 595.28, margin: 28 } as const;
/** Where a section's content starts, below the header and its rule. */
export const CONTENT_TOP = 84;
