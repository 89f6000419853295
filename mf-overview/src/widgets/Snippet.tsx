// The snippet to paste on the adviser's site and its live preview (issue 20). The snippet reads the self-contained
// build's manifest (/widgets/manifest.json) for the hashed file names; the preview draws the same elements with the
// same attributes in the page, defined by the portal's own copy of the widgets (same origin, so the widget data API
// is called as from the adviser's site, with the token). A token whose secret is no longer known gets a placeholder.
import { Trans, useLingui } from '@lingui/react/macro';
import type { WidgetKind } from '@patrimonio/shared-api';
import { defineWidgets, Notice, Section, toast } from '@patrimonio/shared-ui';
import { createElement, useEffect, useId, useState } from 'react';
import { snippetElements, snippetText, type WidgetLang, type WidgetManifest } from './snippet.ts';

/** The self-contained build's manifest, or null while loading; 'missing' when the portal serves none. */
function useWidgetManifest(): WidgetManifest | null | 'missing' {
  const [manifest, setManifest] = useState<WidgetManifest | null | 'missing'>(null);
  useEffect(() => {
    let live = true;
    fetch('/widgets/manifest.json')
      .then((r) => (r.ok ? (r.json() as Promise<WidgetManifest>) : Promise.reject(new Error(String(r.status)))))
      .then((m) => live && setManifest(m?.files ? m : 'missing'))
      .catch(() => live && setManifest('missing'));
    return () => {
      live = false;
    };
  }, []);
  return manifest;
}

/** Copies a text to the clipboard and says so. */
export function CopyButton(props: { text: string; label: string; 'data-testid'?: string }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="pt-btn pt-btn--secondary"
      data-testid={props['data-testid']}
      onClick={() =>
        void navigator.clipboard.writeText(props.text).then(
          () => toast.success(t`Copiato negli appunti`),
          () => toast.error(t`Impossibile copiare: seleziona il testo e copialo a mano.`),
        )
      }
    >
      {props.label}
    </button>
  );
}

function Preview(props: { widgets: readonly WidgetKind[]; token: string; lang: WidgetLang }) {
  const { t } = useLingui();
  // Guarded: defines the portal's widget elements once, before they are looked up below.
  defineWidgets();
  const elements = snippetElements(window.location.origin, props.widgets, props.token, props.lang);
  return (
    <div className="pt-ov-widgets__preview" data-testid="widget-preview">
      {elements.map((el) => (
        <figure key={el.tag} className="pt-ov-widgets__preview-item">
          {customElements.get(el.tag) ? (
            createElement(el.tag, { ...el.attributes, 'data-testid': `preview-${el.tag}` })
          ) : (
            <p className="pt-muted">{t`Questo widget non è ancora disponibile nell'anteprima del portale.`}</p>
          )}
          <figcaption className="pt-muted">&lt;{el.tag}&gt;</figcaption>
        </figure>
      ))}
    </div>
  );
}

export function Snippet(props: {
  widgets: readonly WidgetKind[];
  /** The token in clear (just issued or re-issued), or null when only its hint is known. */
  token: string | null;
  hint?: string;
}) {
  const { t, i18n } = useLingui();
  const manifest = useWidgetManifest();
  const [lang, setLang] = useState<WidgetLang>(i18n.locale === 'en' ? 'en' : 'it');
  const langName = useId();
  const hint = props.hint ?? '';
  const text = snippetText({
    origin: window.location.origin,
    manifest: typeof manifest === 'object' ? manifest : null,
    widgets: props.widgets,
    token: props.token ?? t`INCOLLA-QUI-IL-TOKEN`,
    lang,
  });
  return (
    <Section
      title={<Trans>Codice da incollare nel tuo sito</Trans>}
      actions={<CopyButton text={text} label={t`Copia il codice`} data-testid="widget-snippet-copy" />}
      data-testid="widget-snippet"
    >
      {props.token === null ? (
        <Notice tone="info" data-testid="widget-snippet-placeholder">
          <Trans>
            Il token {hint} non si può più mostrare: il portale ne conserva solo un'impronta. Se non hai più il codice
            incollato, emetti di nuovo il token e incolla il nuovo token al posto di INCOLLA-QUI-IL-TOKEN.
          </Trans>
        </Notice>
      ) : null}
      {manifest === 'missing' ? (
        <Notice tone="warning">
          <Trans>
            I file dei widget non sono pubblicati su questo server: il nome del file nel codice è indicativo.
          </Trans>
        </Notice>
      ) : null}
      <fieldset className="pt-ov-widgets__lang">
        <legend>
          <Trans>Lingua dei widget</Trans>
        </legend>
        {(['it', 'en'] as const).map((l) => (
          <label key={l} className="pt-ov-delegates__check">
            <input
              type="radio"
              name={langName}
              value={l}
              checked={lang === l}
              onChange={() => setLang(l)}
              data-testid={`widget-lang-${l}`}
            />
            {l === 'it' ? t`Italiano` : t`Inglese`}
          </label>
        ))}
      </fieldset>
      <pre className="pt-ov-widgets__code">
        <code data-testid="widget-snippet-code">{text}</code>
      </pre>
      {props.token ? (
        <>
          <h3 className="pt-ov-widgets__subtitle">
            <Trans>Anteprima dal vivo</Trans>
          </h3>
          <Preview widgets={props.widgets} token={props.token} lang={lang} />
        </>
      ) : null}
    </Section>
  );
}
