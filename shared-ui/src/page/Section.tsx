// A titled block of a page (a card with its heading and actions), a headline figure, and a notice line.
import { type ReactNode, useId } from 'react';

export interface SectionProps {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** The heading's id (generated when not given). */
  titleId?: string;
  'data-testid'?: string;
  /** Guided-tour target (tour/steps.ts). */
  'data-tour'?: string;
}

export function Section(props: SectionProps) {
  const generated = useId();
  const id = props.titleId ?? generated;
  return (
    <section
      className={['pt-section', props.className].filter(Boolean).join(' ')}
      aria-labelledby={id}
      data-testid={props['data-testid']}
      data-tour={props['data-tour']}
    >
      <div className="pt-section__head">
        <h2 id={id} className="pt-section__title">
          {props.title}
        </h2>
        {props.actions ? <div className="pt-section__actions">{props.actions}</div> : null}
      </div>
      {props.children}
    </section>
  );
}

export type FigureTone = 'up' | 'down' | 'flat';

/** A headline figure: label, formatted value, optional hint and sign colour. */
export function Figure(props: {
  label: ReactNode;
  value: string;
  tone?: FigureTone;
  hint?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className="pt-figure" data-tone={props.tone ?? 'flat'} data-testid={props['data-testid']}>
      <span className="pt-figure__label">{props.label}</span>
      <span className="pt-figure__value">{props.value}</span>
      {props.hint ? <span className="pt-figure__hint">{props.hint}</span> : null}
    </div>
  );
}

/** A line of information above the content: warning (data being recalculated), info, or error. */
export function Notice(props: { tone?: 'warning' | 'info' | 'error'; children: ReactNode; 'data-testid'?: string }) {
  const tone = props.tone ?? 'warning';
  return (
    <div
      className={`pt-notice pt-notice--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={props['data-testid']}
    >
      {props.children}
    </div>
  );
}
