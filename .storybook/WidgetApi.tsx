// A docs block for the widgets' pages (.storybook/widgets/*.mdx): what an element offers a web page, read from the
// Custom Elements Manifest (shared-ui/custom-elements.json, npm run widgets:manifest): its summary, attributes,
// properties, events, CSS parts and CSS custom properties.
import manifest from '../shared-ui/custom-elements.json';

interface Described {
  name: string;
  description?: string;
  type?: { text?: string };
  default?: string;
  kind?: string;
  privacy?: string;
  static?: boolean;
}
interface ElementDeclaration {
  kind: string;
  name: string;
  tagName?: string;
  customElement?: boolean;
  summary?: string;
  description?: string;
  attributes?: Described[];
  members?: Described[];
  events?: Described[];
  cssParts?: Described[];
  cssProperties?: Described[];
}

const declarations = (manifest as { modules: { declarations?: ElementDeclaration[] }[] }).modules.flatMap(
  (m) => m.declarations ?? [],
);

function Table({ title, rows, withType = true }: { title: string; rows: Described[]; withType?: boolean }) {
  if (!rows.length) return null;
  return (
    <>
      <h3>{title}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {withType && <th scope="col">Type</th>}
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <td>
                <code>{row.name}</code>
              </td>
              {withType && <td>{row.type?.text ? <code>{row.type.text}</code> : null}</td>}
              <td>{row.description ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The API of the element `tag` (pt-<kind>) as the manifest describes it. */
export function WidgetApi({ tag }: { tag: string }) {
  const element = declarations.find((d) => d.customElement && d.tagName === tag);
  if (!element) return <p>{`<${tag}> is not in shared-ui/custom-elements.json (npm run widgets:manifest).`}</p>;
  const properties = (element.members ?? []).filter(
    (m) => m.kind === 'field' && !m.static && (m.privacy ?? 'public') === 'public',
  );
  return (
    <>
      <h2>
        <code>{`<${tag}>`}</code>
      </h2>
      {element.summary && (
        <p>
          <strong>{element.summary}</strong>
        </p>
      )}
      {element.description && <p>{element.description}</p>}
      <Table title="Attributes" rows={element.attributes ?? []} />
      <Table title="Properties" rows={properties} />
      <Table title="Events" rows={element.events ?? []} />
      <Table title="CSS parts" rows={element.cssParts ?? []} withType={false} />
      <Table title="CSS custom properties" rows={element.cssProperties ?? []} withType={false} />
    </>
  );
}
