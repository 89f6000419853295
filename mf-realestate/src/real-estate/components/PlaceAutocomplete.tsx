// The address autocomplete (spec sections 5 and 9) as a WAI-ARIA combobox on the municipality field: it asks the
// geo route only when the text is longer than 3 characters, 350 ms after typing stops. ArrowDown/ArrowUp move
// through the suggestions, Enter chooses, Escape closes; a click chooses too. Free text stays allowed (towns
// abroad are not in the list).

import { Trans, useLingui } from '@lingui/react/macro';
import type { GeoPlace } from '@patrimonio/shared-api';
import { Field, useApiQuery, useDebounced } from '@patrimonio/shared-ui';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { AUTOCOMPLETE_DELAY_MS, moveActive, shouldSearch } from '../logic/autocomplete.ts';

export function PlaceAutocomplete(props: {
  label: ReactNode;
  value: string;
  onChange: (text: string) => void;
  onChoose: (place: GeoPlace) => void;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  'data-testid'?: string;
}) {
  const { t } = useLingui();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(props.value.trim(), AUTOCOMPLETE_DELAY_MS);
  const searching = open && shouldSearch(query);
  const places = useApiQuery('geoAutocomplete', { query: { q: query } }, { enabled: searching, retry: false });
  const options = searching ? (places.data ?? []) : [];
  const expanded = open && options.length > 0;

  const choose = (place: GeoPlace) => {
    props.onChoose(place);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      if (expanded) {
        // Closes the list only, not the dialog around it.
        e.preventDefault();
        e.stopPropagation();
      }
      setOpen(false);
      setActive(-1);
      return;
    }
    if (e.key === 'Enter' && expanded && active >= 0) {
      e.preventDefault();
      const place = options[active];
      if (place) choose(place);
      return;
    }
    if (e.key === 'ArrowDown' && !expanded) setOpen(true);
    if (!expanded || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
    const next = moveActive(active, e.key, options.length);
    if (next === null) return;
    e.preventDefault();
    setActive(next);
  };

  const count = options.length;
  const status = !searching
    ? ''
    : places.isFetching
      ? t`Ricerca in corso…`
      : places.error
        ? t`Ricerca non disponibile`
        : options.length
          ? t`${count} suggerimenti: frecce per scorrere, Invio per scegliere`
          : t`Nessun comune trovato`;

  return (
    <Field label={props.label} required={props.required} error={props.error} hint={props.hint} className="re-combobox">
      {(control) => (
        <div className="re-combobox__box">
          <input
            {...control}
            type="text"
            className="pt-input"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            data-testid={props['data-testid']}
            value={props.value}
            onChange={(e) => {
              props.onChange(e.currentTarget.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
          <div
            id={listId}
            role="listbox"
            className="re-combobox__list"
            hidden={!expanded}
            aria-label={t`Comuni suggeriti`}
          >
            {options.map((place, i) => (
              <div
                key={`${place.city}-${place.provinceCode}`}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className="re-combobox__option"
                data-testid="place-option"
                // Chosen on mouse down, before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(place);
                }}
              >
                <span>{place.label}</span>
                <span className="pt-muted re-small">
                  {place.regione}
                  {place.zipcode ? ` · ${place.zipcode}` : ''}
                </span>
              </div>
            ))}
          </div>
          <span className="pt-sr-only" role="status" aria-live="polite">
            {status}
          </span>
        </div>
      )}
    </Field>
  );
}

/** Shown under the field while nothing has been chosen. */
export function PlaceHint() {
  return <Trans>Scrivi almeno 4 lettere e scegli il comune: provincia, CAP e coordinate si compilano da soli.</Trans>;
}
