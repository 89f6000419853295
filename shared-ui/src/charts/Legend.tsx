// The charts' legend as HTML (not ApexCharts'): at most 5 entries, then a 'more' entry that reveals the rest and a
// 'less' entry that folds them again (spec section 9). Entries with an action are buttons (keyboard accessible).
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { LEGEND_MAX, legendView } from './logic.ts';

export interface LegendEntry {
  key: string;
  label: string;
  color: string;
  /** A value shown after the label, e.g. the share. */
  detail?: string;
  /** Makes the entry a button. */
  onSelect?: () => void;
  /**
   * What the button does, read after its visible text ("Equity 8.42%: show the asset classes"): hidden text inside
   * the button, not an aria-label, so the accessible name always starts with what is shown (WCAG 2.5.3, axe
   * label-content-name-mismatch).
   */
  actionHint?: string;
}

export interface LegendProps {
  entries: ReadonlyArray<LegendEntry>;
  /** Accessible name of the list; default 'Legenda'. */
  label?: string;
  max?: number;
}

export function Legend({ entries, label, max = LEGEND_MAX }: LegendProps) {
  const { t } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const view = legendView(entries, expanded, max);
  const more = view.hidden;
  if (entries.length === 0) return null;
  return (
    <ul className="pt-chart__legend" part="legend" id={id} aria-label={label ?? t`Legenda`} data-testid="chart-legend">
      {view.shown.map((e) => (
        <li key={e.key} className="pt-chart__legend-item" data-legend-item="">
          <span className="pt-chart__swatch" style={{ background: e.color }} aria-hidden="true" />
          {e.onSelect ? (
            <button type="button" className="pt-chart__legend-button" data-legend-key={e.key} onClick={e.onSelect}>
              <span className="pt-chart__legend-label">{e.label}</span>
              {/* A space, so the visible text reads as the accessible name begins ("Equity 8.42%"). */}
              {e.detail ? (
                <>
                  {' '}
                  <span className="pt-chart__legend-detail">{e.detail}</span>
                </>
              ) : null}
              {e.actionHint ? <span className="pt-chart__sr">{`: ${e.actionHint}`}</span> : null}
            </button>
          ) : (
            <>
              <span className="pt-chart__legend-label">{e.label}</span>
              {/* A space, so the visible text reads as the accessible name begins ("Equity 8.42%"). */}
              {e.detail ? (
                <>
                  {' '}
                  <span className="pt-chart__legend-detail">{e.detail}</span>
                </>
              ) : null}
            </>
          )}
        </li>
      ))}
      {more > 0 ? (
        <li className="pt-chart__legend-item">
          <button
            type="button"
            className="pt-chart__legend-more"
            aria-expanded="false"
            aria-controls={id}
            data-testid="chart-legend-more"
            onClick={() => setExpanded(true)}
          >
            {t`+${more} altri`}
          </button>
        </li>
      ) : null}
      {view.collapsible ? (
        <li className="pt-chart__legend-item">
          <button
            type="button"
            className="pt-chart__legend-more"
            aria-expanded="true"
            aria-controls={id}
            data-testid="chart-legend-less"
            onClick={() => setExpanded(false)}
          >
            {t`Mostra meno`}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
