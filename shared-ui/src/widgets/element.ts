// What both widget elements add to r2wc's class:
// - removing an attribute clears its prop (r2wc ignores removals);
// - the React root inside is unmounted a microtask after the element leaves the document, not synchronously: the
//   element is usually removed by a React commit of the page (unmounting a root during another root's commit is
//   not allowed), and an element that is only moved (removed and inserted again at once) keeps its root.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

type R2wcMethods = {
  attributeChangedCallback?: (name: string, oldValue: string | null, value: string | null) => void;
  disconnectedCallback?: () => void;
};
type R2wcInternals = HTMLElement & { [PROPS]?: Record<string, unknown>; [RENDER]?: () => void };

const camel = (attribute: string) => attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

export function widgetElement(Base: CustomElementConstructor): CustomElementConstructor {
  const base = Base.prototype as R2wcMethods;
  return class extends Base {
    attributeChangedCallback(name: string, oldValue: string | null, value: string | null) {
      base.attributeChangedCallback?.call(this, name, oldValue, value);
      if (value === null && oldValue !== null) {
        const self = this as unknown as R2wcInternals;
        const props = self[PROPS];
        if (props) props[camel(name)] = undefined;
        self[RENDER]?.();
      }
    }

    disconnectedCallback() {
      queueMicrotask(() => {
        if (!this.isConnected) base.disconnectedCallback?.call(this);
      });
    }
  };
}
