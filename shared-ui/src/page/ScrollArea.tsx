import type { ReactNode } from 'react';

/**
 * The frame of a plain table that may be wider than its card (a phone's): it scrolls sideways, and it is a named
 * region that takes the focus, so that it scrolls by keyboard too (axe scrollable-region-focusable). `label` names the
 * region: the table's own label.
 */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard.
    <section className="pt-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
