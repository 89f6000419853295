// Number controls typed as text in the portal's locale: the percent input (shown 0-100, stored as a fraction)
// and the currency input (no negatives, 2 decimals, symbol default €). While typing, the text is read with the
// locale's separators ('1.234,56' in Italian, '1,234.56' in English); on leaving the box it is rewritten in the
// locale's format. onChange receives the value, or null when the box is empty or its text is not acceptable
// (the input then carries a custom validity message, so a surrounding <form> does not submit).
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { Locale } from '../i18n/i18n.ts';
import { Field } from './Field.tsx';
import {
  DEFAULT_CURRENCY_SYMBOL,
  formatForInput,
  fractionToPercent,
  MONEY_DECIMALS,
  type NumberError,
  type NumberRules,
  PERCENT_DECIMALS,
  PERCENT_MAX,
  PERCENT_MIN,
  percentToFraction,
  readNumber,
} from './logic.ts';
import { formMessages } from './messages.ts';
import { type ControlProps, classes, useCustomValidity, useReportValidity } from './types.ts';

interface NumberBoxProps extends ControlProps {
  value: number | null;
  onChange: (value: number | null) => void;
  onValidityChange?: (valid: boolean) => void;
  rules: NumberRules;
  /** Decimals always shown when formatted (2 for money, 0 for percent). */
  minDecimals: number;
  adornment: string;
  /** Messages for each reading error. */
  messages: Record<NumberError, MessageDescriptor>;
  kind: 'percent' | 'currency';
}

function NumberBox(props: NumberBoxProps) {
  const { value, onChange, rules, minDecimals, adornment, messages, kind } = props;
  const { i18n } = useLingui();
  const locale: Locale = i18n.locale === 'en' ? 'en' : 'it';
  const adornmentId = `pt-adornment-${useId()}`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => formatForInput(value, locale, minDecimals, rules.decimals));
  const [touched, setTouched] = useState(false);
  // The last value sent to onChange: a new `value` from outside (not this echo) replaces the text.
  const emitted = useRef<number | null>(value);
  const shownLocale = useRef(locale);
  const settings = useRef({ minDecimals, rules, adornment });
  settings.current = { minDecimals, rules, adornment };

  useEffect(() => {
    if (Object.is(value, emitted.current)) return;
    emitted.current = value;
    const s = settings.current;
    setText(formatForInput(value, shownLocale.current, s.minDecimals, s.rules.decimals));
  }, [value]);

  // The language changed: rewrite an acceptable text in the new locale's format.
  useEffect(() => {
    const previous = shownLocale.current;
    if (previous === locale) return;
    shownLocale.current = locale;
    const s = settings.current;
    setText((current) => {
      const r = readNumber(current, previous, s.rules, s.adornment);
      return r.error === null ? formatForInput(r.value, locale, s.minDecimals, s.rules.decimals) : current;
    });
  }, [locale]);

  const reading = readNumber(text, locale, rules, adornment);
  const ownError = reading.error ? i18n._(messages[reading.error]) : null;
  useCustomValidity(input, ownError);
  useReportValidity(reading.error === null && !(props.required && reading.value === null), props.onValidityChange);

  const missing = props.required && touched && text.trim() === '' ? i18n._(formMessages.required) : null;
  const error = props.error ?? ownError ?? missing;

  const emit = (next: number | null) => {
    if (Object.is(next, emitted.current)) return;
    emitted.current = next;
    onChange(next);
  };

  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={error}
      required={props.required}
      id={props.id}
      describedBy={adornmentId}
      className={classes(`pt-field--${kind}`, props.className)}
      data-tour={props['data-tour']}
    >
      {(control) => (
        <div className="pt-input-group">
          <input
            {...control}
            ref={input}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            className="pt-input pt-input--number"
            name={props.name}
            placeholder={props.placeholder}
            disabled={props.disabled}
            readOnly={props.readOnly}
            data-testid={props['data-testid']}
            value={text}
            onChange={(e) => {
              const next = e.currentTarget.value;
              setText(next);
              const r = readNumber(next, locale, rules, adornment);
              emit(r.error === null ? r.value : null);
            }}
            onBlur={() => {
              setTouched(true);
              const r = readNumber(text, locale, rules, adornment);
              if (r.error === null) setText(formatForInput(r.value, locale, minDecimals, rules.decimals));
              props.onBlur?.();
            }}
            onInvalid={() => setTouched(true)}
          />
          <span className="pt-input-group__adornment" id={adornmentId}>
            {adornment}
          </span>
        </div>
      )}
    </Field>
  );
}

export interface PercentInputProps extends ControlProps {
  /** The stored fraction: 0.25 for 25%. Null when empty. */
  value: number | null;
  /** The fraction (0.25 for '25'), or null when the box is empty or out of 0-100. */
  onChange: (value: number | null) => void;
  /** Whether the text is acceptable (and present, when required). */
  onValidityChange?: (valid: boolean) => void;
}

const percentRules: NumberRules = { decimals: PERCENT_DECIMALS, min: PERCENT_MIN, max: PERCENT_MAX };
const percentMessages: Record<NumberError, MessageDescriptor> = {
  format: formMessages.numberFormat,
  negative: formMessages.percentRange,
  range: formMessages.percentRange,
  decimals: formMessages.tooManyDecimals,
};

/** A percentage typed as 0-100 with up to 2 decimals and stored as a fraction; the hint says 'tra 0 e 100'. */
export function PercentInput(props: PercentInputProps) {
  const { value, onChange, hint, ...rest } = props;
  const { i18n } = useLingui();
  const rangeHint = i18n._(formMessages.percentHint);
  const fullHint: ReactNode = hint ? (
    <>
      {hint} ({rangeHint})
    </>
  ) : (
    rangeHint
  );
  return (
    <NumberBox
      {...rest}
      kind="percent"
      hint={fullHint}
      value={value === null || !Number.isFinite(value) ? null : fractionToPercent(value)}
      onChange={(points) => onChange(points === null ? null : percentToFraction(points))}
      rules={percentRules}
      minDecimals={0}
      adornment="%"
      messages={percentMessages}
    />
  );
}

export interface CurrencyInputProps extends ControlProps {
  /** The amount, or null when empty. */
  value: number | null;
  /** The amount (at most 2 decimals, never negative unless `signed`), or null when empty or not acceptable. */
  onChange: (value: number | null) => void;
  onValidityChange?: (valid: boolean) => void;
  /** Shown after the amount; default €. */
  symbol?: string;
  /** Optional upper bound. */
  max?: number;
  /** Negative amounts too (a company's profit or EBITDA). */
  signed?: boolean;
}

const currencyMessages: Record<NumberError, MessageDescriptor> = {
  format: formMessages.numberFormat,
  negative: formMessages.negative,
  range: formMessages.outOfRange,
  decimals: formMessages.tooManyDecimals,
};

/** An amount of money: no negatives (unless `signed`), 2 decimals, the currency symbol (default €) after the box. */
export function CurrencyInput(props: CurrencyInputProps) {
  const { symbol, max, signed, ...rest } = props;
  const rules: NumberRules = { decimals: MONEY_DECIMALS, min: signed ? undefined : 0, max };
  return (
    <NumberBox
      {...rest}
      kind="currency"
      rules={rules}
      minDecimals={MONEY_DECIMALS}
      adornment={symbol || DEFAULT_CURRENCY_SYMBOL}
      messages={currencyMessages}
    />
  );
}
