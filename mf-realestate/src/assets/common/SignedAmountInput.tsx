// An amount of money that may be negative (a company's profit or EBITDA): the shared CurrencyInput refuses
// negatives, so this box reads the text with the same locale rules (shared-ui readNumber: '1.234,56' in Italian,
// '1,234.56' in English, at most 2 decimals) without a lower bound, and rewrites it in the locale's format on blur.
import { useLingui } from '@lingui/react/macro';
import {
  type ControlProps,
  DEFAULT_CURRENCY_SYMBOL,
  Field,
  formatForInput,
  formMessages,
  readNumber,
} from '@patrimonio/shared-ui';
import { useEffect, useId, useRef, useState } from 'react';

const RULES = { decimals: 2 } as const;

export function SignedAmountInput(
  props: ControlProps & { value: number | null; onChange: (value: number | null) => void; symbol?: string },
) {
  const { i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'it';
  const symbol = props.symbol || DEFAULT_CURRENCY_SYMBOL;
  const adornmentId = `ast-adornment-${useId()}`;
  const [text, setText] = useState(() => formatForInput(props.value, locale, 2, 2));
  const emitted = useRef<number | null>(props.value);

  // A new value from outside (not the echo of what was typed) replaces the text.
  useEffect(() => {
    if (Object.is(props.value, emitted.current)) return;
    emitted.current = props.value;
    setText(formatForInput(props.value, locale, 2, 2));
  }, [props.value, locale]);

  const reading = readNumber(text, locale, RULES, symbol);
  const ownError =
    reading.error === 'decimals'
      ? i18n._(formMessages.tooManyDecimals)
      : reading.error
        ? i18n._(formMessages.numberFormat)
        : null;

  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={props.error ?? ownError}
      required={props.required}
      id={props.id}
      describedBy={adornmentId}
      className={['pt-field--currency', props.className].filter(Boolean).join(' ')}
    >
      {(control) => (
        <div className="pt-input-group">
          <input
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            className="pt-input pt-input--number"
            name={props.name}
            disabled={props.disabled}
            readOnly={props.readOnly}
            data-testid={props['data-testid']}
            value={text}
            onChange={(e) => {
              const next = e.currentTarget.value;
              setText(next);
              const r = readNumber(next, locale, RULES, symbol);
              const value = r.error === null ? r.value : null;
              if (!Object.is(value, emitted.current)) {
                emitted.current = value;
                props.onChange(value);
              }
            }}
            onBlur={() => {
              const r = readNumber(text, locale, RULES, symbol);
              if (r.error === null) setText(formatForInput(r.value, locale, 2, 2));
              props.onBlur?.();
            }}
          />
          <span className="pt-input-group__adornment" id={adornmentId}>
            {symbol}
          </span>
        </div>
      )}
    </Field>
  );
}
