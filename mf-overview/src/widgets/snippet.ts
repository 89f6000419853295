// The snippet an adviser pastes on the own website (issue 20, docs/widgets.md): the script tag of the self-contained
// build (the one widget's file when one widget is chosen, else the file with all) and one element per widget with the
// widget data API's address, the token and the language. Pure: the page gives the portal's origin and the build's
// manifest (GET /widgets/manifest.json, { files: { <kind>: 'pt-<kind>.<hash>.js', all: 'pt-widgets.<hash>.js' } }).
import { WIDGET_KINDS, WIDGET_TOKEN_MAX_ORIGINS, type WidgetKind, WidgetOrigin } from '@patrimonio/shared-api';

export type WidgetLang = 'it' | 'en';

/** The self-contained build's manifest, as far as the snippet reads it. */
export interface WidgetManifest {
  files: Partial<Record<WidgetKind | 'all', string>>;
}

/** The file the script tag loads: the widget's own when there is one widget, else the one with all. */
export function scriptFile(manifest: WidgetManifest | null, widgets: readonly WidgetKind[]): string | null {
  const files = manifest?.files ?? {};
  if (widgets.length === 1 && files[widgets[0]!]) return files[widgets[0]!]!;
  return files.all ?? null;
}

/** The widgets in the catalogue's order (the order of the snippet's elements and the form's checkboxes). */
export function catalogueOrder(widgets: readonly WidgetKind[]): WidgetKind[] {
  return WIDGET_KINDS.filter((k) => widgets.includes(k));
}

export interface SnippetElement {
  tag: `pt-${WidgetKind}`;
  attributes: { src: string; token: string; lang: WidgetLang };
}

/** The elements of the snippet (also what the live preview renders). */
export function snippetElements(
  origin: string,
  widgets: readonly WidgetKind[],
  token: string,
  lang: WidgetLang,
): SnippetElement[] {
  return catalogueOrder(widgets).map((kind) => ({
    tag: `pt-${kind}`,
    attributes: { src: `${origin}/api/v1/widget-data/${kind}`, token, lang },
  }));
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML to paste: the script tag, then one element per widget, one line each. */
export function snippetText(options: {
  origin: string;
  manifest: WidgetManifest | null;
  widgets: readonly WidgetKind[];
  /** The token, or a placeholder for one whose secret is no longer known (only its hash is stored). */
  token: string;
  lang: WidgetLang;
}): string {
  const file = scriptFile(options.manifest, options.widgets) ?? 'pt-widgets.js';
  const lines = [`<script type="module" src="${escapeAttribute(`${options.origin}/widgets/${file}`)}"></script>`];
  for (const el of snippetElements(options.origin, options.widgets, options.token, options.lang)) {
    const attrs = Object.entries(el.attributes)
      .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
      .join(' ');
    lines.push(`<${el.tag} ${attrs}></${el.tag}>`);
  }
  return lines.join('\n');
}

// The contract's own rule (its pattern and length), so the form refuses what the server would.
const ORIGIN_RULE = WidgetOrigin as unknown as { pattern: string; maxLength: number };
const ORIGIN = new RegExp(ORIGIN_RULE.pattern);

/**
 * The origins typed one per line: trimmed, a trailing slash taken off, lower case (a browser sends them so), blank
 * lines and repeats left out.
 */
export function readOrigins(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const origin = line.trim().replace(/\/+$/, '').toLowerCase();
    if (origin && !out.includes(origin)) out.push(origin);
  }
  return out;
}

/** The first origin the contract's WidgetOrigin refuses, if any. */
export function firstBadOrigin(origins: readonly string[]): string | null {
  return origins.find((o) => o.length > ORIGIN_RULE.maxLength || !ORIGIN.test(o)) ?? null;
}

/** What is wrong with the origins, if anything: none, too many, or one the contract refuses. */
export function originsProblem(
  origins: readonly string[],
): { code: 'originsRequired' } | { code: 'tooManyOrigins' } | { code: 'origin'; origin: string } | null {
  if (!origins.length) return { code: 'originsRequired' };
  if (origins.length > WIDGET_TOKEN_MAX_ORIGINS) return { code: 'tooManyOrigins' };
  const bad = firstBadOrigin(origins);
  return bad ? { code: 'origin', origin: bad } : null;
}
