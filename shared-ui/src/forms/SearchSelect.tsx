// A select over a long list with a search box above it (the clients of the back office, thousands of them): what is
// typed narrows the options (every word, without accents, matchOptions), the chosen one always stays, and the search
// box says how many match. Enter in the box does not submit the form around it.
import { Plural, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { Field } from './Field.tsx';
import { matchOptions } from './logic.ts';
import { Select, type SelectProps } from './TextInputs.tsx';

export interface SearchSelectProps<V extends string = string> extends SelectProps<V> {
  /** The search box's label. */
  searchLabel: ReactNode;
  /** data-testid of the search box (the select has `data-testid`). */
  searchTestId?: string;
}

export function SearchSelect<V extends string = string>(props: SearchSelectProps<V>) {
  const { t } = useLingui();
  const { searchLabel, searchTestId, ...select } = props;
  const [term, setTerm] = useState('');
  const options = matchOptions(props.options, term, props.value || null);
  const found = matchOptions(props.options, term).length;
  return (
    <div className="pt-search-select">
      <Field
        label={searchLabel}
        hint={term.trim() ? <Plural value={found} _0="Nessun risultato" one="# risultato" other="# risultati" /> : null}
      >
        {(control) => (
          <input
            {...control}
            type="search"
            className="pt-input"
            autoComplete="off"
            maxLength={200}
            placeholder={t`Cerca`}
            disabled={props.disabled}
            data-testid={searchTestId}
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
            onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
          />
        )}
      </Field>
      <Select {...select} options={options} />
    </div>
  );
}
