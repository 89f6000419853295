// The bar above position and performance (and the movements): the portfolio selector, the aggregate first, and
// the date range. The range applies when submitted, so typing a date does not fire a request per keystroke.
import { Trans, useLingui } from '@lingui/react/macro';
import { DatePicker } from '@patrimonio/shared-ui';
import { type FormEvent, useEffect, useState } from 'react';
import { FormRow } from '../common/ui.tsx';
import { parsePortfolioRef } from '../logic/context.ts';
import { isValidRange, localToday } from '../logic/dates.ts';
import type { FinancialContext } from './useFinancialContext.ts';

export function ContextBar({ ctx, withRange = true }: { ctx: FinancialContext; withRange?: boolean }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState({ from: ctx.state.from, to: ctx.state.to });
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setDraft({ from: ctx.state.from, to: ctx.state.to });
    setInvalid(false);
  }, [ctx.state.from, ctx.state.to]);

  const family = ctx.scope.isFamily;
  const today = localToday();
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!isValidRange(draft) || draft.to > today) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    ctx.setRange(draft);
  };
  const changed = draft.from !== ctx.state.from || draft.to !== ctx.state.to;

  return (
    <form className="fin-context" onSubmit={apply} aria-label={t`Portafoglio e periodo`} data-testid="context-bar">
      <FormRow label={<Trans>Portafoglio</Trans>}>
        {(a11y) => (
          <select
            {...a11y}
            className="pt-input fin-context__portfolio"
            data-testid="portfolio-select"
            value={String(ctx.state.ptf)}
            disabled={ctx.menu.isLoading}
            onChange={(e) => {
              const ref = parsePortfolioRef(e.target.value);
              if (ref !== null) ctx.setPortfolio(ref);
            }}
          >
            {ctx.items.length === 0 ? <option value={String(ctx.state.ptf)}>{t`Aggregato`}</option> : null}
            {ctx.items.map((item) => (
              <option key={item.id ?? 'aggregate'} value={item.aggregate ? 'aggregate' : String(item.id)}>
                {item.aggregate
                  ? t`Aggregato`
                  : family
                    ? `${item.name} (${item.owner})`
                    : item.testing
                      ? `${item.name} (${t`test`})`
                      : item.name}
              </option>
            ))}
          </select>
        )}
      </FormRow>
      {withRange ? (
        <>
          <DatePicker
            label={<Trans>Dal</Trans>}
            name="from"
            quickYears={false}
            max={draft.to || undefined}
            data-testid="range-from"
            error={invalid ? t`L'inizio deve precedere la fine` : undefined}
            value={draft.from || null}
            onChange={(v) => setDraft((d) => ({ ...d, from: v ?? '' }))}
          />
          <DatePicker
            label={<Trans>Al</Trans>}
            name="to"
            quickYears={false}
            min={draft.from || undefined}
            max={today}
            data-testid="range-to"
            value={draft.to || null}
            onChange={(v) => setDraft((d) => ({ ...d, to: v ?? '' }))}
          />
          <div className="fin-context__apply">
            <button type="submit" className="pt-btn pt-btn--secondary" disabled={!changed} data-testid="range-apply">
              <Trans>Applica</Trans>
            </button>
          </div>
        </>
      ) : null}
    </form>
  );
}
