// Guarded registration of one widget element: a second registration (another bundle, a second copy of shared-ui on
// the page) leaves the element already defined alone instead of throwing.
export function defineWidget(
  tag: string,
  element: CustomElementConstructor,
  registry: CustomElementRegistry | undefined = globalThis.customElements,
): void {
  if (registry && !registry.get(tag)) registry.define(tag, element);
}
