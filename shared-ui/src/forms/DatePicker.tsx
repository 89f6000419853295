// The date picker (spec section 5 and 9): a native date input storing YYYY-MM-DD, years 1950 to 2100, and quick
// buttons adding 5, 10, 15 or 20 years to the current value (or to today when there is none).
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { formatDate, todayIso } from '../format/dates.ts';
import { Field } from './Field.tsx';
import { addYearsIso, DATE_MAX, DATE_MIN, dateError, isIsoDate, QUICK_YEARS } from './logic.ts';
import { formMessages } from './messages.ts';
import { type ControlProps, classes, useCustomValidity, useReportValidity } from './types.ts';

export interface DatePickerProps extends ControlProps {
  /** YYYY-MM-DD, or null when empty. */
  value: string | null;
  /** YYYY-MM-DD, or null when the input is empty, incomplete or out of range. */
  onChange: (value: string | null) => void;
  onValidityChange?: (valid: boolean) => void;
  /** A later first day than 1950-01-01 (never earlier). */
  min?: string;
  /** An earlier last day than 2100-12-31 (never later). */
  max?: string;
  /** The +5, +10, +15, +20 years buttons; default shown. */
  quickYears?: boolean;
}

export function DatePicker(props: DatePickerProps) {
  const { value, onChange, quickYears = true } = props;
  const { t, i18n } = useLingui();
  const min = props.min && isIsoDate(props.min) && props.min > DATE_MIN ? props.min : DATE_MIN;
  const max = props.max && isIsoDate(props.max) && props.max < DATE_MAX ? props.max : DATE_MAX;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value ?? '');
  // The browser keeps a partly typed date to itself: its value is '' and validity.badInput is set.
  const [partial, setPartial] = useState(false);
  const [touched, setTouched] = useState(false);
  const emitted = useRef<string | null>(value);

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(value ?? '');
    setPartial(false);
  }, [value]);

  const problem = partial ? 'invalid' : dateError(text, min, max);
  const from = formatDate(min, i18n.locale === 'en' ? 'en' : 'it');
  const to = formatDate(max, i18n.locale === 'en' ? 'en' : 'it');
  const ownError =
    problem === 'invalid'
      ? i18n._(formMessages.dateInvalid)
      : problem === 'range'
        ? t`La data deve essere compresa tra ${from} e ${to}`
        : null;
  useCustomValidity(input, ownError);
  useReportValidity(problem === null && !(props.required && text === ''), props.onValidityChange);
  const missing = props.required && touched && text === '' && !partial ? i18n._(formMessages.required) : null;
  const error = props.error ?? (touched ? (ownError ?? missing) : null);

  const set = (next: string, isPartial: boolean) => {
    setText(next);
    setPartial(isPartial);
    const result = !isPartial && next !== '' && dateError(next, min, max) === null ? next : null;
    if (result === emitted.current) return;
    emitted.current = result;
    onChange(result);
  };

  const base = isIsoDate(text) && dateError(text, min, max) === null ? text : todayIso();
  const locked = props.disabled || props.readOnly;

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
          <input
            {...control}
            ref={input}
            type="date"
            className="pt-input pt-date__input"
            min={min}
            max={max}
            name={props.name}
            disabled={props.disabled}
            readOnly={props.readOnly}
            data-testid={props['data-testid']}
            value={text}
            onChange={(e) => set(e.currentTarget.value, e.currentTarget.validity.badInput)}
            onBlur={(e) => {
              setTouched(true);
              setPartial(e.currentTarget.validity.badInput);
              props.onBlur?.();
            }}
            onInvalid={() => setTouched(true)}
          />
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
                      set(next, false);
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
