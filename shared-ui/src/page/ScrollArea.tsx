import type { ReactNode } from 'react';

/**
 * The frame of a plain table that may be wider than its card (a phone's): it scrolls sideways, and it is a named group
 * that takes the focus, so that it scrolls by keyboard too (axe scrollable-region-focusable). `label` names the group:
 * the table's own label. A group, not a section: a section with a name is a region landmark, and the table's label is
 * often its card's title, which would give two landmarks one name (axe landmark-unique, the position and goals pages).
 */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this groups a table's frame.
    <div className="pt-scroll" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
