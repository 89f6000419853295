// The report dialog's content (portal-and-report 2 "Report dialog" and 4 "Report download dialog"): the type toggle,
// Customize, the date range, the logo, the help text, and the creating state with its cancel link; on completion
// the PDF downloads by itself and the dialog starts over. The options and logo dialogs open over it (rendered beside
// it, so their keys and presses stay theirs).
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, Spinner, saveBlob, toast, toastMessages, useApiQuery } from '@patrimonio/shared-ui';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { validateDateRange } from '../logic/date-range.ts';
import {
  canDownload,
  type DialogAction,
  type DialogState,
  dialogReducer,
  initialDialogState,
  mayUploadLogo,
  offeredReportTypes,
} from '../logic/dialog.ts';
import { eligiblePortfolios } from '../logic/portfolios.ts';
import type { ReportRequest } from '../report/types.ts';
import { DateRangeFields } from './date-range-fields.tsx';
import { TYPE_CONTENTS, TYPE_NAMES } from './labels.ts';
import { LogoDialog } from './logo-dialog.tsx';
import { OptionsDialog } from './options-dialog.tsx';
import { rangeRules } from './range.ts';
import type { ReportContext } from './use-report-context.ts';
import { logoImageSource, useReportLogo } from './use-report-logo.ts';
import { useReportOptions } from './use-report-options.ts';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function ReportDownload(props: { ctx: ReportContext; onClose: () => void }) {
  const { ctx } = props;
  const { t, i18n } = useLingui();
  const menuQuery = useApiQuery('portfolioMenu', { query: ctx.query });
  const menu = menuQuery.data;
  const eligible = useMemo(() => (menu ? eligiblePortfolios(menu) : []), [menu]);
  const options = useReportOptions(ctx, menu);
  const { logo } = useReportLogo(true);
  const [child, setChild] = useState<'options' | 'logo' | null>(null);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const running = useRef<AbortController | null>(null);
  const typesGroup = useRef<HTMLDivElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  const dispatch = useCallback(
    (action: DialogAction) => setDialog((current) => (current ? dialogReducer(current, action) : current)),
    [],
  );

  // The report takes the saved options (for BASIC, the ones kept in the tab), not an unsaved edit.
  const selection = options.state?.original;
  const rules = selection ? rangeRules(dialog?.type ?? null, selection, eligible) : null;
  const bounds = rules?.bounds ?? null;

  // The dialog starts once the options are known, on the default range of the options' portfolios.
  useEffect(() => {
    if (!dialog && rules) setDialog(initialDialogState(ctx.isFamily, rules.defaults));
  }, [dialog, rules, ctx.isFamily]);

  // When the portfolios that bound the range change (the type, the saved options), the range follows their defaults.
  const defaultsKey = rules ? `${rules.defaults.start}|${rules.defaults.end}` : '';
  const lastDefaults = useRef(defaultsKey);
  useEffect(() => {
    if (lastDefaults.current === defaultsKey || !rules) return;
    lastDefaults.current = defaultsKey;
    dispatch({ type: 'setStart', date: rules.defaults.start });
    dispatch({ type: 'setEnd', date: rules.defaults.end });
  }, [defaultsKey, rules, dispatch]);

  // Leaving the dialog stops a report in progress.
  useEffect(() => () => running.current?.abort(), []);

  // Focus follows the phase: to the cancel link while creating, back to the type toggle afterwards.
  const creating = dialog?.phase === 'creating';
  const wasCreating = useRef(false);
  useEffect(() => {
    if (creating) cancelButton.current?.focus();
    else if (wasCreating.current) {
      const types = typesGroup.current;
      (
        types?.querySelector<HTMLElement>('[aria-pressed="true"]') ?? types?.querySelector<HTMLElement>('button')
      )?.focus();
    }
    wasCreating.current = creating;
  }, [creating]);

  const cancel = () => {
    running.current?.abort();
    running.current = null;
    dispatch({ type: 'cancel' });
  };

  const download = async () => {
    if (!dialog || !selection || !canDownload(dialog, ctx.role, bounds)) return;
    const { type, start, end } = dialog;
    if (type === null || start === null || end === null) return;
    const run = dialog.run + 1;
    dispatch({ type: 'create', role: ctx.role, bounds });
    const controller = new AbortController();
    running.current = controller;
    setProgress(null);
    const request: ReportRequest = {
      scope: ctx.scope,
      type,
      from: start,
      to: end,
      sections: selection.sections,
      portfolioIds: selection.portfolios,
      includeLogo: dialog.includeLogo && Boolean(logo),
      locale: i18n.locale === 'en' ? 'en' : 'it',
    };
    try {
      // The PDF engine is large: it loads on the first download.
      const { generateReport, reportFileName } = await import('../browser/generate.ts');
      const pdf = await generateReport({
        request,
        viewer: ctx.viewer,
        menu,
        signal: controller.signal,
        onProgress: (done, total) => {
          if (!controller.signal.aborted) setProgress({ done, total });
        },
      });
      if (controller.signal.aborted) return;
      saveBlob(pdf, reportFileName(request));
      dispatch({ type: 'completed', run });
      // Back to the start: no type, so the range of the options' portfolios.
      const restart = rangeRules(null, selection, eligible).defaults;
      dispatch({ type: 'setStart', date: restart.start });
      dispatch({ type: 'setEnd', date: restart.end });
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) return;
      console.error(error);
      toast.error(toastMessages.error500);
      dispatch({ type: 'failed', run });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const close = () => {
    if (creating) cancel();
    props.onClose();
  };

  let body: ReactNode;
  if (menuQuery.isError) {
    body = (
      <p className="rep-error" role="alert">
        {i18n._(toastMessages.error500)}
      </p>
    );
  } else if (!dialog || !options.state) {
    body = (
      <div className="rep-loading">
        <Spinner label={t`Caricamento delle opzioni del report`} />
      </div>
    );
  } else if (creating) {
    body = (
      <div className="rep-creating" data-testid="report-creating">
        <Spinner size="lg" label={t`Creazione del report in corso`} />
        <p className="rep-creating__title">
          <Trans>Creazione del report in corso…</Trans>
        </p>
        <p className="rep-warning">
          <Trans>Non chiudere questa finestra: il PDF si scaricherà da solo al termine.</Trans>
        </p>
        {progress ? (
          <div className="rep-progress">
            <progress max={progress.total} value={progress.done} aria-label={t`Avanzamento del report`} />
            <span aria-live="polite" data-testid="report-progress">
              <Trans>
                Sezioni completate: {progress.done} di {progress.total}
              </Trans>
            </span>
          </div>
        ) : null}
        <button ref={cancelButton} type="button" className="pt-link-btn" onClick={cancel} data-testid="report-cancel">
          <Trans>Annulla</Trans>
        </button>
      </div>
    );
  } else {
    const offered = offeredReportTypes(ctx.isFamily);
    const errors = validateDateRange({ start: dialog.start, end: dialog.end }, bounds);
    body = (
      <div className="rep-form">
        <fieldset className="rep-types-field">
          <legend className="rep-legend">
            <Trans>Tipo di report</Trans>
          </legend>
          <div className="rep-types" ref={typesGroup}>
            {offered.map((type) => (
              <button
                key={type}
                type="button"
                className="rep-type"
                aria-pressed={dialog.type === type}
                onClick={() => dispatch({ type: 'toggleType', reportType: type })}
                data-testid={`report-type-${type}`}
              >
                {i18n._(TYPE_NAMES[type])}
              </button>
            ))}
            <button
              type="button"
              className="pt-btn pt-btn--secondary"
              onClick={() => {
                dispatch({ type: 'customize' });
                setChild('options');
              }}
              data-testid="report-customize"
            >
              <Trans>Personalizza</Trans>
            </button>
          </div>
          <ul className="rep-help" data-testid="report-help">
            {offered.map((type) => (
              <li key={type}>{i18n._(TYPE_CONTENTS[type])}</li>
            ))}
          </ul>
        </fieldset>
        <DateRangeFields
          start={dialog.start}
          end={dialog.end}
          bounds={bounds}
          errors={errors}
          onStart={(date) => dispatch({ type: 'setStart', date })}
          onEnd={(date) => dispatch({ type: 'setEnd', date })}
        />
        <div className="rep-logo-row">
          <span className="rep-legend">
            <Trans>Logo</Trans>
          </span>
          {logo ? (
            <>
              <img
                className="rep-logo-row__image"
                src={logoImageSource(logo)}
                alt={t`Logo attuale del report`}
                data-testid="report-logo"
              />
              <label className="rep-check">
                <input
                  type="checkbox"
                  checked={dialog.includeLogo}
                  onChange={() => dispatch({ type: 'toggleLogo' })}
                  data-testid="report-include-logo"
                />
                <Trans>Includi il logo nel report</Trans>
              </label>
            </>
          ) : (
            <span className="rep-muted">
              <Trans>Nessun logo caricato</Trans>
            </span>
          )}
          {mayUploadLogo(ctx.role) ? (
            <button
              type="button"
              className="pt-btn pt-btn--secondary"
              onClick={() => setChild('logo')}
              data-testid="logo-open"
            >
              {logo ? <Trans>Cambia logo</Trans> : <Trans>Carica logo</Trans>}
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  const ready = dialog !== null && !creating;
  return (
    <>
      <Modal
        open
        // While a dialog is open over this one, presses there must not close this one.
        onClose={child ? undefined : close}
        title={<Trans>Scarica il report</Trans>}
        className="rep-dialog rep-dialog--main"
        data-testid="report-dialog"
        actions={
          ready ? (
            <button
              type="button"
              className="pt-btn pt-btn--primary"
              disabled={!dialog || !canDownload(dialog, ctx.role, bounds)}
              onClick={() => void download()}
              data-testid="report-download"
            >
              <Trans>Scarica</Trans>
            </button>
          ) : null
        }
      >
        {body}
      </Modal>
      {options.state ? (
        <OptionsDialog
          open={child === 'options'}
          state={options.state}
          dispatch={options.dispatch}
          portfolios={eligible}
          isFamily={ctx.isFamily}
          saving={options.saving}
          onSave={options.save}
          onClose={() => setChild(null)}
        />
      ) : null}
      {mayUploadLogo(ctx.role) ? <LogoDialog open={child === 'logo'} onClose={() => setChild(null)} /> : null}
    </>
  );
}
