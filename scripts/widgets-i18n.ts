// The widgets' own compiled catalogues (shared-ui/src/locales/{it,en}/widgets.ts, generated like messages.ts, not
// committed): only the messages of the code the widget files bundle, so that a self-contained widget does not carry
// the portal's whole catalogues. One source of truth: Lingui's extractor run over the modules reachable from the
// widgets' entries (shared-ui/src/widgets/define/all.ts, following the relative imports that are not type-only)
// gives the message ids, and the translations are those of the portal's .po files (Lingui's catalog API, the same
// fallbacks as `lingui compile`). Run by `npm run i18n:compile` and by the build, after `lingui compile`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
/** Every widget element is registered from here (the pt-widgets file); each per-kind file imports a subset. */
export const WIDGET_ENTRY = join(root, 'shared-ui', 'src', 'widgets', 'define', 'all.ts');
const LOCALES_DIR = join(root, 'shared-ui', 'src', 'locales');
export const widgetCatalogPath = (locale: string) => join(LOCALES_DIR, locale, 'widgets.ts');

/** The project's source files the widget entry reaches through value imports (and re-exports). */
export function widgetSourceFiles(entry = WIDGET_ENTRY): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      let specifier: ts.Expression | undefined;
      if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
        specifier = statement.moduleSpecifier;
      } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
        specifier = statement.moduleSpecifier;
      }
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
      if (!/\.tsx?$/.test(specifier.text)) continue; // styles and assets carry no messages
      const target = resolve(dirname(file), specifier.text);
      // The compiled catalogues (this script's own output among them, absent in a fresh clone) are messages, not code.
      if (target.startsWith(LOCALES_DIR)) continue;
      visit(target);
    }
  };
  visit(entry);
  return [...seen].sort();
}

/** The portal's one catalog (lingui.config.ts), read through Lingui's catalog API. */
export async function portalCatalog(config: LinguiConfigNormalized = getConfig({ cwd: root })) {
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('widgets-i18n: no catalog in lingui.config.ts');
  return catalog;
}

/** The message ids the widget code uses (Lingui's extractor over widgetSourceFiles()). */
export async function widgetMessageIds(config = getConfig({ cwd: root })): Promise<string[]> {
  const catalog = await portalCatalog(config);
  const extracted = await catalog.collect({ files: widgetSourceFiles() });
  if (!extracted) throw new Error('widgets-i18n: extraction failed');
  return Object.keys(extracted).sort();
}

/** Writes the filtered compiled catalogue of each locale; returns the number of messages. */
export async function writeWidgetCatalogs(): Promise<number> {
  const config = getConfig({ cwd: root });
  const catalog = await portalCatalog(config);
  const ids = await widgetMessageIds(config);
  for (const locale of config.locales) {
    const { messages } = await catalog.getTranslations(locale, {
      sourceLocale: config.sourceLocale,
      fallbackLocales: config.fallbackLocales,
    });
    const own = Object.fromEntries(ids.map((id) => [id, messages[id] ?? '']));
    const { source, errors } = createCompiledCatalog(locale, own, {
      strict: false,
      namespace: 'ts',
      compilerBabelOptions: config.compilerBabelOptions,
    });
    if (errors.length) throw new Error(`widgets-i18n: ${locale}: ${errors.map((e) => e.id).join(', ')}`);
    writeFileSync(widgetCatalogPath(locale), source);
  }
  return ids.length;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = await writeWidgetCatalogs();
  console.log(`widgets-i18n: ${count} messages in shared-ui/src/locales/{it,en}/widgets.ts`);
}
