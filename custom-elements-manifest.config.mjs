// The widgets' Custom Elements Manifest (npm run widgets:manifest, run by npm run build): shared-ui/custom-elements.json,
// read by editors, Storybook's widget docs pages and advisers' web developers. Run from shared-ui/ (paths in the
// manifest are the package's). What it describes comes from the JSDoc of each element class in
// src/widgets/*Element.ts: @summary, @attr, @prop, @event, @csspart, @cssprop, and @tagname.
//
// The elements are registered by defineWidget(TAG, Class) in src/widgets/define/<kind>.ts, a call the analyzer does
// not know (it reads customElements.define calls): the plugin below takes the tag from those modules (pt-<kind>) for
// any element class whose JSDoc has no @tagname, marks it a custom element and adds its definition export.
import { basename } from 'node:path';

/** @returns {import('@custom-elements-manifest/analyzer').Plugin} */
function widgetDefinitions() {
  /** Element class name -> tag, from the define modules. */
  const tags = new Map();
  return {
    name: 'patrimonio-widget-definitions',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!moduleDoc.path.includes('/define/')) return;
      if (node.kind !== ts.SyntaxKind.CallExpression || node.expression.getText() !== 'defineWidget') return;
      const element = node.arguments[1];
      if (element && ts.isIdentifier(element)) tags.set(element.text, `pt-${basename(moduleDoc.path, '.ts')}`);
    },
    packageLinkPhase({ customElementsManifest }) {
      // The define modules only served to find the tags: they declare nothing.
      customElementsManifest.modules = customElementsManifest.modules.filter((m) => !m.path.includes('/define/'));
      for (const mod of customElementsManifest.modules) {
        for (const declaration of mod.declarations ?? []) {
          const tag = tags.get(declaration.name);
          if (declaration.kind !== 'class' || !tag) continue;
          declaration.customElement = true;
          declaration.tagName ||= tag;
          mod.exports ??= [];
          if (!mod.exports.some((e) => e.kind === 'custom-element-definition')) {
            mod.exports.push({
              kind: 'custom-element-definition',
              name: declaration.tagName,
              declaration: { name: declaration.name, module: mod.path },
            });
          }
        }
      }
      customElementsManifest.modules.sort((a, b) => a.path.localeCompare(b.path));
    },
  };
}

export default {
  globs: ['src/widgets/*Element.ts', 'src/widgets/define/*.ts'],
  exclude: ['src/widgets/define/all.ts', 'src/widgets/define/register.ts'],
  outdir: '.',
  // shared-ui/package.json names the manifest itself ("customElements").
  packagejson: false,
  plugins: [widgetDefinitions()],
};
