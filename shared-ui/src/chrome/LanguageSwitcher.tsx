// The language switcher: English (UK flag) and Italiano. Every component using Lingui re-renders on change.
import { useLingui } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { type Locale, setLocale } from '../i18n/i18n.ts';
import { FlagIT, FlagUK } from './flags.tsx';
import { MenuButton } from './MenuButton.tsx';

/** Each language is named in its own language (endonym), so it is not translated. */
const LANGUAGES: { code: Locale; name: string; flag: () => ReactNode }[] = [
  { code: 'en', name: 'English', flag: FlagUK },
  { code: 'it', name: 'Italiano', flag: FlagIT },
];

export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  const locale: Locale = i18n.locale === 'en' ? 'en' : 'it';
  const current = LANGUAGES.find((l) => l.code === locale) ?? LANGUAGES[1]!;
  const language = current.name;
  return (
    <MenuButton
      label={
        <>
          {current.flag()}
          <span className="pt-lang-button__label">{current.name}</span>
        </>
      }
      buttonProps={{ 'data-testid': 'language-switcher', 'aria-label': t`Lingua: ${language}` }}
    >
      {(close) =>
        LANGUAGES.map((l) => (
          <button
            key={l.code}
            type="button"
            role="menuitemradio"
            aria-checked={l.code === locale}
            tabIndex={-1}
            lang={l.code}
            className="pt-menu__item"
            data-testid={`lang-${l.code}`}
            onClick={() => {
              void setLocale(l.code);
              close();
            }}
          >
            {l.flag()}
            <span>{l.name}</span>
            {l.code === locale ? <Check className="pt-menu__check" size={16} aria-hidden="true" /> : null}
          </button>
        ))
      }
    </MenuButton>
  );
}
