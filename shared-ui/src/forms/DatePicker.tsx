// The date picker (spec section 5 and 9): YYYY-MM-DD, years 1950 to 2100, and quick buttons adding 5, 10, 15 or 20
// years to the current value (or to today when there is none). Issue 22: the date is typed and shown day first
// (dd/mm/yyyy, as formatDate writes it in both languages), not in the browser's own format as a native date input
// would; the browser's calendar still opens from the button beside it, through a hidden native date input.
import { useLingui } from '@lingui/react/macro';
import { CalendarDays } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatDate, todayIso } from '../format/dates.ts';
import { Field } from './Field.tsx';
import { addYearsIso, DATE_MAX, DATE_MIN, isIsoDate, QUICK_YEARS, readDate } from './logic.ts';
import { formMessages } from './messages.ts';
import { type ControlProps, classes, useCustomValidity, useReportValidity } from './types.ts';

export interface DatePickerProps extends ControlProps {
  /** YYYY-MM-DD, or null when empty. */
  value: string | null;
  /** YYYY-MM-DD, or null when the input is empty, incomplete, not a date or out of range. */
  onChange: (value: string | null) => void;
  onValidityChange?: (valid: boolean) => void;
  /** A later first day than 1950-01-01 (never earlier). */
  min?: string;
  /** An earlier last day than 2100-12-31 (never later). */
  max?: string;
  /** The +5, +10, +15, +20 years buttons; default shown. */
  quickYears?: boolean;
}

/** Whether the browser can open a date input's calendar on demand (else the calendar button is not shown). */
const canShowPicker = typeof HTMLInputElement !== 'undefined' && 'showPicker' in HTMLInputElement.prototype;

/** The text shown for a value: dd/mm/yyyy for a date, anything else as it is. */
const shown = (value: string | null) => (isIsoDate(value) ? formatDate(value) : (value ?? ''));

export function DatePicker(props: DatePickerProps) {
  const { value, onChange, quickYears = true } = props;
  const { t, i18n } = useLingui();
  const min = props.min && isIsoDate(props.min) && props.min > DATE_MIN ? props.min : DATE_MIN;
  const max = props.max && isIsoDate(props.max) && props.max < DATE_MAX ? props.max : DATE_MAX;
  const input = useRef<HTMLInputElement>(null);
  const native = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => shown(value));
  const [touched, setTouched] = useState(false);
  const emitted = useRef<string | null>(value);

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(shown(value));
  }, [value]);

  const reading = readDate(text, min, max);
  const from = formatDate(min);
  const to = formatDate(max);
  const ownError =
    reading.error === 'invalid'
      ? i18n._(formMessages.dateInvalid)
      : reading.error === 'range'
        ? t`La data deve essere compresa tra ${from} e ${to}`
        : null;
  useCustomValidity(input, ownError);
  useReportValidity(reading.error === null && !(props.required && reading.value === null), props.onValidityChange);
  const missing =
    props.required && touched && reading.value === null && !ownError ? i18n._(formMessages.required) : null;
  const error = props.error ?? (touched ? (ownError ?? missing) : null);

  const set = (next: string) => {
    setText(next);
    const result = readDate(next, min, max).value;
    if (result === emitted.current) return;
    emitted.current = result;
    onChange(result);
  };

  const base = reading.value ?? todayIso();
  const locked = props.disabled || props.readOnly;
  const openPicker = () => {
    if (locked) return;
    try {
      native.current?.showPicker();
    } catch {
      // Refused (no user gesture, or the browser cannot here): typing stays.
    }
  };

  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={error}
      required={props.required}
      id={props.id}
      className={classes('pt-field--date', props.className)}
      data-tour={props['data-tour']}
    >
      {(control) => (
        <div className="pt-date">
          <div className="pt-input-group pt-date__box">
            <input
              {...control}
              ref={input}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={props.placeholder ?? i18n._(formMessages.datePlaceholder)}
              className="pt-input pt-date__input"
              name={props.name}
              disabled={props.disabled}
              readOnly={props.readOnly}
              data-testid={props['data-testid']}
              value={text}
              onChange={(e) => set(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.altKey && e.key === 'ArrowDown' && canShowPicker) {
                  e.preventDefault();
                  openPicker();
                }
              }}
              onBlur={() => {
                setTouched(true);
                if (reading.value) setText(formatDate(reading.value));
                props.onBlur?.();
              }}
              onInvalid={() => setTouched(true)}
            />
            {canShowPicker ? (
              <>
                <button
                  type="button"
                  className="pt-date__calendar"
                  aria-label={t`Apri calendario`}
                  title={t`Apri calendario`}
                  disabled={locked}
                  onClick={openPicker}
                >
                  <CalendarDays size={18} aria-hidden="true" />
                </button>
                <input
                  ref={native}
                  type="date"
                  className="pt-date__native"
                  tabIndex={-1}
                  aria-hidden="true"
                  min={min}
                  max={max}
                  value={reading.value ?? ''}
                  onChange={(e) => {
                    set(shown(e.currentTarget.value));
                    setTouched(true);
                  }}
                />
              </>
            ) : null}
          </div>
          {quickYears ? (
            <fieldset className="pt-date__quick" aria-label={i18n._(formMessages.quickYears)}>
              {QUICK_YEARS.map((years) => {
                const next = addYearsIso(base, years);
                return (
                  <button
                    key={years}
                    type="button"
                    className="pt-btn pt-btn--secondary pt-date__quick-btn"
                    aria-label={t`+${years} anni`}
                    title={t`Aggiungi ${years} anni alla data`}
                    data-years={years}
                    disabled={locked || next > max}
                    onClick={() => {
                      set(formatDate(next));
                      setTouched(true);
                    }}
                  >
                    +{years}
                  </button>
                );
              })}
            </fieldset>
          ) : null}
        </div>
      )}
    </Field>
  );
}
