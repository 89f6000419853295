// The Q&A guide (spec section 2): a drawer from the right with six sections (0 to 5) and a search box that
// filters and highlights only past 2 characters, opening the matching sections. Closes on Escape and on a
// press outside, and gives focus back to the element that opened it.
import { useLingui } from '@lingui/react/macro';
import { ChevronDown, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { trapTab, useOutsidePress, useReturnFocus } from './a11y.ts';
import { GUIDE_SECTIONS } from './guideContent.ts';
import { filterGuide, type GuideSectionText, highlightParts, isGuideSearchActive } from './guideSearch.ts';
import { closeGuide, useGuide } from './guideStore.ts';

function Highlight({ text, term }: { text: string; term: string }) {
  const parts = highlightParts(text, term);
  return (
    <>
      {parts.map((p, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in a fixed order
        p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}

export function GuideDrawer() {
  const { t, i18n } = useLingui();
  const { open, section, opener } = useGuide();
  const baseId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  /** Sections opened by hand while not searching. */
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set([0]));
  /** Matching sections closed by hand during the current search. */
  const [collapsedInSearch, setCollapsedInSearch] = useState<ReadonlySet<number>>(() => new Set());

  useReturnFocus(open, () => opener);
  useOutsidePress([panel], open, () => closeGuide());

  useEffect(() => {
    if (!open) return;
    if (section !== null) {
      setExpanded((s) => new Set(s).add(section));
      requestAnimationFrame(() =>
        document.getElementById(`${baseId}-s${section}`)?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
      );
    }
    searchBox.current?.focus({ preventScroll: true });
  }, [open, section, baseId]);

  // Translated on every render, so the texts follow the language.
  const sections: GuideSectionText[] = GUIDE_SECTIONS.map((s, number) => ({
    number,
    title: i18n._(s.title),
    entries: s.entries.map((e) => ({ question: i18n._(e.question), answer: i18n._(e.answer) })),
  }));
  const searching = isGuideSearchActive(term);
  const results = filterGuide(sections, term);

  const isOpen = (n: number) => (searching ? !collapsedInSearch.has(n) : expanded.has(n));
  const toggle = (n: number) => {
    const flip = (s: ReadonlySet<number>) => {
      const next = new Set(s);
      if (next.has(n)) next.delete(n);
      else next.add(n);
      return next;
    };
    if (searching) setCollapsedInSearch(flip);
    else setExpanded(flip);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeGuide();
      return;
    }
    trapTab(event, panel.current);
  };

  const titleId = `${baseId}-title`;
  const hintId = `${baseId}-hint`;
  const count = results.length;
  return (
    <>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="pt-guide"
        data-testid="guide-drawer"
        data-state={open ? 'open' : 'closed'}
        inert={!open}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="pt-guide__header">
          <h2 id={titleId} className="pt-guide__title">
            {t`Guida: domande e risposte`}
          </h2>
          <button type="button" className="pt-icon-btn" onClick={() => closeGuide()} aria-label={t`Chiudi la guida`}>
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <div className="pt-guide__search">
          <Search size={16} aria-hidden="true" />
          <input
            ref={searchBox}
            type="search"
            className="pt-input"
            value={term}
            onChange={(e) => {
              setTerm(e.target.value);
              setCollapsedInSearch(new Set());
            }}
            aria-label={t`Cerca nella guida`}
            aria-describedby={hintId}
            placeholder={t`Cerca nella guida`}
            data-testid="guide-search"
          />
        </div>
        <p id={hintId} className="pt-guide__hint">
          {t`La ricerca si attiva da 3 caratteri.`}
        </p>
        <p className="pt-sr-only" role="status">
          {searching && count > 0 ? t`Sezioni trovate: ${count}` : ''}
        </p>
        <div className="pt-guide__body">
          {results.length === 0 ? (
            <p className="pt-guide__empty" role="status" data-testid="guide-no-results">
              {t`Nessun risultato per «${term}».`}
            </p>
          ) : (
            results.map((s) => {
              const expandedNow = isOpen(s.number);
              const regionId = `${baseId}-r${s.number}`;
              const headId = `${baseId}-s${s.number}`;
              return (
                <div key={s.number} className="pt-guide__section" data-section={s.number}>
                  <h3 className="pt-guide__section-heading">
                    <button
                      type="button"
                      id={headId}
                      className="pt-guide__section-button"
                      aria-expanded={expandedNow}
                      aria-controls={regionId}
                      onClick={() => toggle(s.number)}
                    >
                      <span className="pt-guide__number" aria-hidden="true">
                        {s.number}
                      </span>
                      <span className="pt-guide__section-title">
                        <span className="pt-sr-only">{s.number}. </span>
                        <Highlight text={s.title} term={term} />
                      </span>
                      <ChevronDown size={18} aria-hidden="true" />
                    </button>
                  </h3>
                  <section id={regionId} aria-labelledby={headId} className="pt-guide__entries" hidden={!expandedNow}>
                    {s.entries.map((e) => (
                      <div key={e.question} className="pt-guide__entry">
                        <h4 className="pt-guide__question">
                          <Highlight text={e.question} term={term} />
                        </h4>
                        <p className="pt-guide__answer">
                          <Highlight text={e.answer} term={term} />
                        </p>
                      </div>
                    ))}
                  </section>
                </div>
              );
            })
          )}
        </div>
      </div>
      <div className="pt-guide-backdrop" data-state={open ? 'open' : 'closed'} aria-hidden="true" />
    </>
  );
}
