// The quick client switcher in the top bar (issue 22), for PRO and DELEGATE: a combobox (WAI-ARIA combobox pattern
// with a listbox popup) that searches the clients by name, tax code or VAT number through the clients API, and lists
// the user's recent clients while empty. Arrow keys move through the options, Enter opens the client, Escape closes
// the list (a second Escape clears the text). The chosen client opens on the same section as the current client page.
import { useLingui } from '@lingui/react/macro';
import type { UserProfile } from '@patrimonio/shared-api';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../api.ts';
import { useDebounced } from '../data/debounce.ts';
import { navigate, useLocation } from '../navigation.ts';
import { useSession } from '../session/store.ts';
import {
  readRecentClients,
  rememberClient,
  SWITCHER_MIN_CHARS,
  type SwitcherClient,
  switchTarget,
  toSwitcherClient,
} from './clientSwitcher.ts';

/** Whether the user gets the switcher: the roles that pick a client from /clients. */
export const hasClientSwitcher = (role: UserProfile['role']) => role === 'PRO' || role === 'DELEGATE';

const SEARCH_DELAY_MS = 250;
const RESULTS = 8;

type Results = { status: 'idle' | 'loading' | 'error' } | { status: 'done'; items: SwitcherClient[] };

export function ClientSwitcher({ user }: { user: UserProfile }) {
  const { t } = useLingui();
  const { selection } = useSession();
  const { pathname } = useLocation();
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState(() => readRecentClients(user.id));
  const [results, setResults] = useState<Results>({ status: 'idle' });
  const query = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const searching = query.length >= SWITCHER_MIN_CHARS;

  // A client page that has loaded its client (from here, the clients list or a link) makes it a recent one.
  const loaded = selection?.kind === 'client' && selection.status === 'succeded' ? selection.client : undefined;
  useEffect(() => {
    if (loaded) setRecent(rememberClient(user.id, toSwitcherClient(loaded)));
  }, [loaded, user.id]);

  useEffect(() => {
    if (!searching) {
      setResults({ status: 'idle' });
      return;
    }
    let current = true;
    setResults({ status: 'loading' });
    api('listClients', { query: { q: query, size: RESULTS, sort: 'name,asc' } }).then(
      (page) => {
        if (current) setResults({ status: 'done', items: page.item.map(toSwitcherClient) });
      },
      () => {
        if (current) setResults({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [query, searching]);

  const options: SwitcherClient[] = searching ? (results.status === 'done' ? results.items : []) : recent;
  // A new list starts with no option active.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the list changes.
  useEffect(() => setActive(-1), [options.length, searching]);

  const choose = (client: SwitcherClient) => {
    setOpen(false);
    setText('');
    setActive(-1);
    input.current?.blur();
    navigate(switchTarget(client.id, pathname));
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (count) setActive((a) => (a + 1) % count);
        return;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (count) setActive((a) => (a <= 0 ? count - 1 : a - 1));
        return;
      case 'Home':
      case 'End':
        if (open && count) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : count - 1);
        }
        return;
      case 'Enter': {
        const option = options[active] ?? (count === 1 ? options[0] : undefined);
        if (open && option) {
          event.preventDefault();
          choose(option);
        }
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        return;
    }
  };

  const status = !searching
    ? recent.length
      ? null
      : t`Nessun cliente recente: scrivi almeno due caratteri.`
    : results.status === 'loading' || results.status === 'idle'
      ? t`Ricerca in corso…`
      : results.status === 'error'
        ? t`Ricerca non riuscita. Riprova.`
        : options.length
          ? null
          : t`Nessun cliente trovato.`;
  const expanded = open && (options.length > 0 || status !== null);
  const activeOption = expanded && active >= 0 ? `${id}-option-${active}` : undefined;

  return (
    <div className="pt-client-switcher" data-testid="client-switcher">
      <Search size={16} aria-hidden="true" className="pt-client-switcher__icon" />
      <input
        ref={input}
        type="text"
        role="combobox"
        className="pt-input pt-client-switcher__input"
        aria-label={t`Cambia cliente: cerca per nome, codice fiscale o partita IVA`}
        placeholder={t`Cerca cliente`}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        data-testid="client-switcher-input"
      />
      <div className="pt-client-switcher__popup" hidden={!expanded}>
        {status ? (
          <p className="pt-client-switcher__status" role="status" data-testid="client-switcher-status">
            {status}
          </p>
        ) : null}
        {!searching && options.length ? (
          <p className="pt-client-switcher__group" aria-hidden="true">
            {t`Recenti`}
          </p>
        ) : null}
        <div
          id={listId}
          role="listbox"
          className="pt-client-switcher__list"
          aria-label={searching ? t`Clienti trovati` : t`Clienti recenti`}
        >
          {options.map((c, i) => (
            <div
              key={c.id}
              id={`${id}-option-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className="pt-client-switcher__option"
              data-testid="client-switcher-option"
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(c);
              }}
            >
              <span className="pt-client-switcher__name">{c.name}</span>
              {c.taxCode || c.vat ? (
                <span className="pt-client-switcher__codes">{[c.taxCode, c.vat].filter(Boolean).join(' · ')}</span>
              ) : null}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
