// Tabs with the WAI-ARIA pattern: a tablist of buttons (only the selected one in the tab order), arrow keys,
// Home and End move between tabs and select them; each panel is labelled by its tab.
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabDef<K extends string> {
  key: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  tabs: ReadonlyArray<TabDef<K>>;
  selected: K;
  onSelect: (key: K) => void;
  /** Accessible name of the tab list. */
  label: string;
  children: ReactNode;
}

export function Tabs<K extends string>({ tabs, selected, onSelect, label, children }: TabsProps<K>) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (k: K) => `${base}-tab-${k}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.key === selected);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onSelect(key);
    refs.current.get(key)?.focus();
  };

  return (
    <div className="pt-ov-tabs">
      <div role="tablist" aria-label={label} className="pt-ov-tabs__list">
        {tabs.map((t) => (
          <button
            key={t.key}
            ref={(el) => {
              if (el) refs.current.set(t.key, el);
              else refs.current.delete(t.key);
            }}
            type="button"
            role="tab"
            id={tabId(t.key)}
            aria-selected={t.key === selected}
            aria-controls={panelId}
            tabIndex={t.key === selected ? 0 : -1}
            className="pt-ov-tabs__tab"
            data-testid={`tab-${t.key}`}
            onClick={() => onSelect(t.key)}
            onKeyDown={onKeyDown}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} className="pt-ov-tabs__panel">
        {children}
      </div>
    </div>
  );
}
