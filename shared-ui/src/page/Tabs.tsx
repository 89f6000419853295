// Tabs of the WAI-ARIA pattern: a tablist of buttons (only the selected one in the tab order); arrow keys, Home
// and End move between tabs and select them (automatic activation); the panel is labelled by its tab.
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabDef<K extends string> {
  key: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  tabs: ReadonlyArray<TabDef<K>>;
  value: K;
  onChange: (key: K) => void;
  /** Accessible name of the tab list. */
  label: string;
  children: ReactNode;
}

/** The tab a key press moves to from `index` among `count` tabs, or null when the key does not move. */
export function tabTarget(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function Tabs<K extends string>({ tabs, value, onChange, label, children }: TabsProps<K>) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (k: K) => `${base}-tab-${k}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabTarget(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onChange(key);
    refs.current.get(key)?.focus();
  };

  return (
    <div className="pt-tabs">
      <div role="tablist" aria-label={label} className="pt-tabs__list">
        {tabs.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              if (el) refs.current.set(t.key, el);
              else refs.current.delete(t.key);
            }}
            type="button"
            role="tab"
            id={tabId(t.key)}
            aria-selected={t.key === value}
            aria-controls={panelId}
            tabIndex={t.key === value ? 0 : -1}
            className="pt-tabs__tab"
            data-testid={`tab-${t.key}`}
            onClick={() => onChange(t.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} className="pt-tabs__panel">
        {children}
      </div>
    </div>
  );
}
