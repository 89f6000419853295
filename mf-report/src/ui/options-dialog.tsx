// The report options dialog (portal-and-report 2 "Report options dialog", 4 "Report options" and 5): the sections
// and the eligible portfolios, 'undo edit' and Save only while the selection differs from the saved one, closing
// drops the unsaved changes. The rules are options.ts's; this draws them.
import { Trans, useLingui } from '@lingui/react/macro';
import { REPORT_SECTIONS } from '@patrimonio/shared-api';
import { Modal } from '@patrimonio/shared-ui';
import {
  canChooseFees,
  isDirty,
  type OptionsAction,
  type OptionsState,
  portfolioCheckboxesEnabled,
} from '../logic/options.ts';
import type { EligiblePortfolio } from '../logic/portfolios.ts';
import { SECTION_LABELS } from './labels.ts';

export interface OptionsDialogProps {
  open: boolean;
  state: OptionsState;
  dispatch: (action: OptionsAction) => void;
  /** The offered portfolios, in menu order. */
  portfolios: readonly EligiblePortfolio[];
  isFamily: boolean;
  saving: boolean;
  onSave: () => Promise<boolean>;
  onClose: () => void;
}

export function OptionsDialog(props: OptionsDialogProps) {
  const { i18n } = useLingui();
  const { state, dispatch } = props;
  const selection = state.current;
  const dirty = isDirty(state);
  const feesAllowed = canChooseFees(selection);
  const portfoliosEnabled = portfolioCheckboxesEnabled(selection);

  const close = () => {
    dispatch({ type: 'close' });
    props.onClose();
  };
  const save = async () => {
    if (await props.onSave()) props.onClose();
  };

  return (
    <Modal
      open={props.open}
      onClose={close}
      title={<Trans>Personalizza il report</Trans>}
      className="rep-dialog"
      data-testid="options-dialog"
      actions={
        <>
          {dirty ? (
            <button
              type="button"
              className="pt-btn pt-btn--ghost"
              onClick={() => dispatch({ type: 'undo' })}
              data-testid="options-undo"
            >
              <Trans>Annulla modifiche</Trans>
            </button>
          ) : null}
          <button type="button" className="pt-btn pt-btn--secondary" onClick={close}>
            <Trans>Chiudi</Trans>
          </button>
          <button
            type="button"
            className="pt-btn pt-btn--primary"
            disabled={!dirty || props.saving}
            aria-busy={props.saving || undefined}
            onClick={() => void save()}
            data-testid="options-save"
          >
            <Trans>Salva</Trans>
          </button>
        </>
      }
    >
      <fieldset className="rep-checks">
        <legend className="rep-legend">
          <Trans>Sezioni</Trans>
        </legend>
        {REPORT_SECTIONS.map((section) => {
          const checked = selection.sections.includes(section);
          const disabled = section === 'fees' && !checked && !feesAllowed;
          return (
            <label key={section} className="rep-check" data-disabled={disabled || undefined}>
              <input
                type="checkbox"
                checked={checked}
                disabled={disabled}
                onChange={() => dispatch({ type: 'toggleSection', section })}
                data-testid={`options-section-${section}`}
              />
              {i18n._(SECTION_LABELS[section])}
            </label>
          );
        })}
        {feesAllowed ? null : (
          <p className="rep-muted" data-testid="options-fees-hint">
            <Trans>Le commissioni richiedono la sezione Finanziario e almeno un portafoglio.</Trans>
          </p>
        )}
      </fieldset>
      <fieldset className="rep-checks" disabled={!portfoliosEnabled}>
        <legend className="rep-legend">
          <Trans>Portafogli</Trans>
        </legend>
        {props.portfolios.length === 0 ? (
          <p className="rep-muted">
            <Trans>Nessun portafoglio con dati da includere nel report.</Trans>
          </p>
        ) : (
          props.portfolios.map((portfolio) => (
            <label key={portfolio.id} className="rep-check" data-disabled={!portfoliosEnabled || undefined}>
              <input
                type="checkbox"
                checked={selection.portfolios.includes(portfolio.id)}
                disabled={!portfoliosEnabled}
                onChange={() => dispatch({ type: 'togglePortfolio', id: portfolio.id })}
                data-testid={`options-portfolio-${portfolio.id}`}
              />
              {props.isFamily ? `${portfolio.name} (${portfolio.owner})` : portfolio.name}
            </label>
          ))
        )}
        {portfoliosEnabled ? null : (
          <p className="rep-muted">
            <Trans>I portafogli si scelgono con la sezione Finanziario attiva.</Trans>
          </p>
        )}
      </fieldset>
    </Modal>
  );
}
