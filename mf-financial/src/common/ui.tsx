// Small building blocks of the financial pages: sections, figures, tabs, form rows, the two-step button, the
// recalculation notice and the rejected-rows list of the uploads.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field, type FieldControl, type SelectOption } from '@patrimonio/shared-ui';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { rejectionMessage } from '../logic/upload-messages.ts';
import { FIELD_ERRORS } from './labels.ts';
import type { RejectedRow } from './upload.ts';

export function Section(props: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  const id = useId();
  return (
    <section
      className={['fin-section', props.className].filter(Boolean).join(' ')}
      aria-labelledby={id}
      data-testid={props['data-testid']}
    >
      <div className="fin-section__head">
        <h2 id={id} className="fin-section__title">
          {props.title}
        </h2>
        {props.actions ? <div className="fin-section__actions">{props.actions}</div> : null}
      </div>
      {props.children}
    </section>
  );
}

/** A headline figure: label, value, optional sign colour. */
export function Figure(props: {
  label: ReactNode;
  value: string;
  tone?: 'up' | 'down' | 'flat';
  hint?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className="fin-figure" data-tone={props.tone ?? 'flat'} data-testid={props['data-testid']}>
      <span className="fin-figure__label">{props.label}</span>
      <span className="fin-figure__value">{props.value}</span>
      {props.hint ? <span className="fin-figure__hint">{props.hint}</span> : null}
    </div>
  );
}

/** Shown while any report on the page is being recalculated; the page polls every 15 s meanwhile. */
export function RecalculationNotice({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <p className="fin-notice" role="status" data-testid="recalculation-notice">
      <Trans>Ricalcolo in corso: i dati mostrati sono quelli precedenti e si aggiorneranno da soli.</Trans>
    </p>
  );
}

/** Loading and error states of a query, or the content. */
export function QueryState(props: { loading: boolean; error: unknown; children: ReactNode }) {
  if (props.loading)
    return (
      <p className="fin-muted" aria-busy="true">
        <Trans>Caricamento…</Trans>
      </p>
    );
  if (props.error)
    return (
      <p className="fin-error" role="alert">
        <Trans>Impossibile caricare i dati. Riprova più tardi.</Trans>
      </p>
    );
  return <>{props.children}</>;
}

export interface TabDef<K extends string> {
  key: K;
  label: string;
}

/** Tabs of the WAI-ARIA pattern: arrow keys, Home and End move between tabs (automatic activation). */
export function Tabs<K extends string>(props: {
  tabs: ReadonlyArray<TabDef<K>>;
  value: K;
  onChange: (key: K) => void;
  label: string;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const n = props.tabs.length;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % n
        : event.key === 'ArrowLeft'
          ? (index - 1 + n) % n
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? n - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    const tab = props.tabs[target]!;
    props.onChange(tab.key);
    refs.current.get(tab.key)?.focus();
  };
  return (
    <div className="fin-tabs">
      <div role="tablist" aria-label={props.label} className="fin-tabs__list">
        {props.tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              if (el) refs.current.set(tab.key, el);
              else refs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.key}`}
            aria-selected={tab.key === props.value}
            aria-controls={`${base}-panel`}
            tabIndex={tab.key === props.value ? 0 : -1}
            className="fin-tabs__tab"
            data-testid={`tab-${tab.key}`}
            onClick={() => props.onChange(tab.key)}
            onKeyDown={(e) => move(e, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${props.value}`}
        className="fin-tabs__panel"
      >
        {props.children}
      </div>
    </div>
  );
}

export type FieldError = keyof typeof FIELD_ERRORS | undefined | null;

/** The translated message of a form error code (undefined when there is none), for the shared form controls. */
export function useFieldErrors() {
  const { i18n } = useLingui();
  return (code: FieldError): string | undefined => (code ? i18n._(FIELD_ERRORS[code]) : undefined);
}

/** A labelled row around a control of this app (file input, select, checkbox list) in the shared Field. */
export function FormRow(props: {
  label: ReactNode;
  error?: FieldError;
  hint?: ReactNode;
  required?: boolean;
  'data-tour'?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const message = useFieldErrors();
  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={message(props.error)}
      required={props.required}
      data-tour={props['data-tour']}
    >
      {props.children}
    </Field>
  );
}

/** Select options from translated labels, in the labels' order. */
export function labelOptions<V extends string>(
  labels: Record<V, MessageDescriptor>,
  translate: (d: MessageDescriptor) => string,
  only?: readonly V[],
): SelectOption<V>[] {
  return (Object.keys(labels) as V[])
    .filter((value) => !only || only.includes(value))
    .map((value) => ({ value, label: translate(labels[value]) }));
}

/** Spec: the first click shows a confirm button for 2 s; a second click acts. */
export const CONFIRM_MS = 2000;

export function TwoStepButton(props: {
  children: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  disabled?: boolean;
  className?: string;
  'data-testid'?: string;
}) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const t = setTimeout(() => setArmed(false), CONFIRM_MS);
    return () => clearTimeout(t);
  }, [armed]);
  return (
    <button
      type="button"
      className={props.className ?? (armed ? 'pt-btn fin-btn--danger' : 'pt-btn pt-btn--secondary')}
      disabled={props.disabled}
      data-armed={armed ? 'true' : undefined}
      data-testid={props['data-testid']}
      aria-live="polite"
      onClick={() => {
        if (armed) {
          setArmed(false);
          props.onConfirm();
        } else setArmed(true);
      }}
    >
      {armed ? props.confirmLabel : props.children}
    </button>
  );
}

/** A rejected row's reason in the user's language, from its code and details (the API's reason is English). */
export function RejectionReason({ row }: { row: RejectedRow }): string {
  const { i18n } = useLingui();
  return i18n._(rejectionMessage(row));
}

/** The rows an upload rejected (row number as in the file, the template column, the reason). */
export function RejectedRows({ rows }: { rows: readonly RejectedRow[] }) {
  const { t } = useLingui();
  if (!rows.length) return null;
  return (
    <div className="fin-rejected" data-testid="rejected-rows">
      <p role="alert" className="fin-error">
        <Trans>
          {rows.length} righe scartate: il file non è stato importato. Correggi le righe e carica di nuovo il file.
        </Trans>
      </p>
      <div className="fin-scroll">
        <table className="fin-table" aria-label={t`Righe scartate`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Riga</Trans>
              </th>
              <th scope="col">
                <Trans>Campo</Trans>
              </th>
              <th scope="col">
                <Trans>Motivo</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row may be rejected for several fields
              <tr key={`${r.row}-${r.field ?? ''}-${i}`}>
                <td>{r.row}</td>
                <td>{r.field ?? '–'}</td>
                <td>
                  <RejectionReason row={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
