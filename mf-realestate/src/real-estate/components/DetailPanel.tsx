// The detail side panel of a property (data-and-admin section 2): its data, its mortgage and its evaluation
// history, with edit, sell and delete (two-step) and the evaluations' add and edit; every write action is hidden in
// report mode and for BASIC. A non-modal dialog at the right: it takes the focus when it opens, Escape or the close
// button closes it and the focus goes back where it was.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Evaluation, RealEstate } from '@patrimonio/shared-api';
import { COUNTRIES, provinceByCode } from '@patrimonio/shared-api/constants';
import {
  DASH,
  formatDate,
  formatMoney,
  formatNumber,
  formatPercent,
  fractionToPercent,
  type OwnerScope,
  TwoStepButton,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import {
  AMORTIZATION_LABELS,
  CONSERVATION_LABELS,
  DESTINATION_LABELS,
  INTEREST_RATE_TYPE_LABELS,
  RATA_TYPE_LABELS,
  TYPE_PROPERTY_LABELS,
  TYPOLOGY_LABELS,
} from '../logic/labels.ts';
import { MortgageSchedule } from './MortgageSchedule.tsx';

export interface PanelActions {
  onEdit: (property: RealEstate) => void;
  onSell: (property: RealEstate) => void;
  onDelete: (property: RealEstate) => void;
  onAddEvaluation: (property: RealEstate) => void;
  onEditEvaluation: (property: RealEstate, evaluation: Evaluation) => void;
}

export function DetailPanel(props: {
  property: RealEstate;
  scope: OwnerScope;
  onClose: () => void;
  /** The write actions; none in report mode or for a reader. */
  actions: PanelActions | null;
}) {
  const { t, i18n } = useLingui();
  const { property: p, scope, actions } = props;
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const label = (d: MessageDescriptor) => i18n._(d);
  const symbol = p.currencySymbol;

  // Focus moves into the panel on opening, and back to where it was on closing.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  const evaluations = useApiQuery('listEvaluations', {
    params: { id: p.id },
    query: { ...scope.query, size: 10000, sort: 'evaluationDate,desc' },
  });
  const mortgage = useApiQuery(
    'getMortgage',
    { params: { id: p.id, mortgageId: p.mortgageId ?? 0 }, query: scope.query },
    { enabled: p.mortgageId !== null },
  );

  const country = COUNTRIES.find((c) => c.code === p.country);
  const province = p.provinceCode ? provinceByCode(p.provinceCode) : undefined;
  const place = [
    [p.address, p.addressNumber].filter(Boolean).join(' '),
    [p.zipcode, p.city, p.provinceCode ? `(${p.provinceCode})` : null].filter(Boolean).join(' '),
    country ? (i18n.locale === 'en' ? country.en : country.it) : p.country,
  ]
    .filter(Boolean)
    .join(', ');
  const m = mortgage.data;
  const { urbanSection: section, layout: sheet, lot: parcel, subLot: sub } = p;

  const panel = (
    <aside
      ref={ref}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="re-panel"
      data-testid="real-estate-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          props.onClose();
        }
      }}
    >
      <header className="re-panel__head">
        <h2 id={titleId} className="re-panel__title">
          {p.description}
        </h2>
        <button type="button" className="pt-icon-btn" onClick={props.onClose} aria-label={t`Chiudi`}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="re-panel__body">
        <p className="re-tags">
          <span className="re-tag">{label(TYPOLOGY_LABELS[p.typology])}</span>
          <span className="re-tag">{label(DESTINATION_LABELS[p.destination])}</span>
        </p>
        {actions ? (
          <div className="re-panel__actions">
            <button
              type="button"
              className="pt-btn pt-btn--secondary"
              onClick={() => actions.onEdit(p)}
              data-testid="panel-edit"
            >
              <Trans>Modifica</Trans>
            </button>
            <button
              type="button"
              className="pt-btn pt-btn--secondary"
              onClick={() => actions.onSell(p)}
              data-testid="panel-sell"
            >
              <Trans>Vendi</Trans>
            </button>
            <TwoStepButton
              onConfirm={() => actions.onDelete(p)}
              confirmLabel={<Trans>Conferma eliminazione</Trans>}
              data-testid="panel-delete"
            >
              <Trans>Elimina</Trans>
            </TwoStepButton>
          </div>
        ) : null}

        <dl className="re-facts" data-testid="panel-facts">
          {scope.isFamily ? <Fact term={<Trans>Intestatario</Trans>} value={p.owner} /> : null}
          <Fact term={<Trans>Indirizzo</Trans>} value={place} />
          {province ? <Fact term={<Trans>Provincia</Trans>} value={`${province.name} · ${province.regione}`} /> : null}
          <Fact
            term={<Trans>Valutazione</Trans>}
            value={formatMoney(p.selectedEvaluation, symbol)}
            hint={p.evaluationDate ? formatDate(p.evaluationDate) : undefined}
            testId="panel-evaluation"
          />
          <Fact
            term={<Trans>Tipo di valutazione</Trans>}
            value={p.realEstateEvaluationType === 'CUSTOM' ? t`Personalizzata` : t`Suggerita`}
          />
          <Fact term={<Trans>Superficie</Trans>} value={p.mq === null ? DASH : `${formatNumber(p.mq)} m²`} />
          <Fact term={<Trans>Euro al m²</Trans>} value={formatMoney(p.eurPerMq, `${symbol}/m²`)} />
          <Fact term={<Trans>Percentuale di possesso</Trans>} value={formatPercent(fractionToPercent(p.percOwned))} />
          <Fact term={<Trans>Tipo di proprietà</Trans>} value={label(TYPE_PROPERTY_LABELS[p.typeProperty])} />
          <Fact term={<Trans>Stato di conservazione</Trans>} value={label(CONSERVATION_LABELS[p.conservationState])} />
          <Fact term={<Trans>Data di acquisto</Trans>} value={p.purchaseDate ? formatDate(p.purchaseDate) : DASH} />
          <Fact term={<Trans>Valore di acquisto</Trans>} value={formatMoney(p.purchaseValue, symbol)} />
          <Fact term={<Trans>Reddito annuo</Trans>} value={formatMoney(p.income, symbol)} />
          <Fact term={<Trans>Costi di manutenzione annui</Trans>} value={formatMoney(p.maintenanceCost, symbol)} />
          {p.cadastralIncome !== null ? (
            <Fact term={<Trans>Rendita catastale</Trans>} value={formatMoney(p.cadastralIncome, symbol)} />
          ) : null}
          {p.cadastralCode || p.layout || p.lot || p.subLot !== null ? (
            <Fact
              term={<Trans>Catasto</Trans>}
              value={[
                p.cadastralCode,
                section ? t`sez. ${section}` : null,
                sheet ? t`foglio ${sheet}` : null,
                parcel ? t`particella ${parcel}` : null,
                sub !== null ? t`sub. ${sub}` : null,
              ]
                .filter(Boolean)
                .join(', ')}
            />
          ) : null}
          {p.note ? <Fact term={<Trans>Note</Trans>} value={p.note} /> : null}
        </dl>

        <section className="re-panel__section" aria-labelledby={`${titleId}-mortgage`}>
          <h3 id={`${titleId}-mortgage`} className="re-panel__subtitle">
            <Trans>Mutuo</Trans>
          </h3>
          {p.mortgageId === null ? (
            <p className="pt-muted">
              <Trans>Nessun mutuo.</Trans>
            </p>
          ) : mortgage.isLoading ? (
            <p className="pt-muted" aria-busy="true">
              <Trans>Caricamento…</Trans>
            </p>
          ) : mortgage.error || !m ? (
            <p className="pt-error" role="alert">
              <Trans>Impossibile caricare i dati. Riprova tra qualche istante.</Trans>
            </p>
          ) : (
            <dl className="re-facts" data-testid="panel-mortgage">
              <Fact term={<Trans>Importo</Trans>} value={formatMoney(m.amount, symbol)} />
              <Fact term={<Trans>Debito residuo</Trans>} value={formatMoney(m.residualDebt, symbol)} />
              <Fact term={<Trans>Rata mensile</Trans>} value={formatMoney(m.monthlyInstallment, symbol)} />
              <Fact term={<Trans>Data di inizio</Trans>} value={formatDate(m.initDate)} />
              <Fact term={<Trans>Rate</Trans>} value={`${m.totalRata} · ${label(RATA_TYPE_LABELS[m.rataType])}`} />
              <Fact
                term={<Trans>Tasso</Trans>}
                value={`${formatPercent(m.interestRate)} · ${label(INTEREST_RATE_TYPE_LABELS[m.interestRateType])}`}
              />
              <Fact term={<Trans>Ammortamento</Trans>} value={label(AMORTIZATION_LABELS[m.amortization])} />
            </dl>
          )}
          {m ? <MortgageSchedule realEstateId={p.id} mortgageId={m.id} scope={scope} symbol={symbol} /> : null}
        </section>

        <section className="re-panel__section" aria-labelledby={`${titleId}-evaluations`}>
          <div className="re-panel__section-head">
            <h3 id={`${titleId}-evaluations`} className="re-panel__subtitle">
              <Trans>Storico delle valutazioni</Trans>
            </h3>
            {actions ? (
              <button
                type="button"
                className="pt-btn pt-btn--secondary"
                onClick={() => actions.onAddEvaluation(p)}
                data-testid="panel-add-evaluation"
              >
                <Trans>Aggiungi valutazione</Trans>
              </button>
            ) : null}
          </div>
          {evaluations.isLoading ? (
            <p className="pt-muted" aria-busy="true">
              <Trans>Caricamento…</Trans>
            </p>
          ) : evaluations.error ? (
            <p className="pt-error" role="alert">
              <Trans>Impossibile caricare i dati. Riprova tra qualche istante.</Trans>
            </p>
          ) : evaluations.data?.item.length ? (
            <table
              className="pt-plain-table pt-plain-table--compact"
              aria-label={t`Storico delle valutazioni`}
              data-testid="panel-evaluations"
            >
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Data</Trans>
                  </th>
                  <th scope="col" className="pt-num">
                    <Trans>Valore</Trans>
                  </th>
                  {actions ? (
                    <th scope="col">
                      <span className="pt-sr-only">
                        <Trans>Azioni</Trans>
                      </span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {evaluations.data.item.map((e) => {
                  const day = formatDate(e.evaluationDate);
                  return (
                    <tr key={e.id}>
                      <td>{day}</td>
                      <td className="pt-num">{formatMoney(e.value, symbol)}</td>
                      {actions ? (
                        <td>
                          <button
                            type="button"
                            className="pt-btn pt-btn--ghost re-small"
                            aria-label={t`Modifica la valutazione del ${day}`}
                            onClick={() => actions.onEditEvaluation(p, e)}
                          >
                            <Trans>Modifica</Trans>
                          </button>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : (
            <p className="pt-muted">
              <Trans>Nessuna valutazione.</Trans>
            </p>
          )}
        </section>
      </div>
    </aside>
  );
  return typeof document === 'undefined' ? panel : createPortal(panel, document.body);
}

function Fact(props: { term: ReactNode; value: string; hint?: string; testId?: string }) {
  return (
    <div className="re-facts__row" data-testid={props.testId}>
      <dt>{props.term}</dt>
      <dd>
        {props.value || DASH}
        {props.hint ? <span className="pt-muted re-small"> · {props.hint}</span> : null}
      </dd>
    </div>
  );
}
