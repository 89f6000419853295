// The report's from and to dates (portal-and-report 5 "Report date range"): both required, within the bounds of the
// selected portfolios, the faults of validateDateRange shown under the field they concern.
import { Trans, useLingui } from '@lingui/react/macro';
import { DatePicker, formatDate } from '@patrimonio/shared-ui';
import type { DateBounds, DateRangeError } from '../logic/date-range.ts';
import { dateRangeMessage } from './labels.ts';

export interface DateRangeFieldsProps {
  start: string | null;
  end: string | null;
  bounds: DateBounds | null;
  errors: readonly DateRangeError[];
  disabled?: boolean;
  onStart: (date: string | null) => void;
  onEnd: (date: string | null) => void;
}

export function DateRangeFields(props: DateRangeFieldsProps) {
  const { i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'it';
  // An empty or out-of-picker value is the picker's to explain (it knows what was typed); the range's own faults
  // (order, bounds that moved, no portfolio) are shown here.
  const errorFor = (field: 'start' | 'end', value: string | null) => {
    const error = props.errors.find((e) => e.field === field && (value !== null || e.code === 'no_portfolios'));
    return error ? i18n._(dateRangeMessage(error.code)) : undefined;
  };
  const hint = props.bounds ? (
    <Trans>
      Periodo disponibile: dal {formatDate(props.bounds.min, locale)} al {formatDate(props.bounds.max, locale)}
    </Trans>
  ) : undefined;
  return (
    <fieldset className="rep-range" disabled={props.disabled}>
      <legend className="rep-legend">
        <Trans>Periodo</Trans>
      </legend>
      <div className="rep-range__fields">
        <DatePicker
          label={<Trans>Dal</Trans>}
          name="from"
          required
          quickYears={false}
          min={props.bounds?.min}
          max={props.bounds?.max}
          value={props.start}
          error={errorFor('start', props.start)}
          onChange={props.onStart}
          data-testid="report-from"
        />
        <DatePicker
          label={<Trans>Al</Trans>}
          name="to"
          required
          quickYears={false}
          min={props.bounds?.min}
          max={props.bounds?.max}
          value={props.end}
          error={errorFor('end', props.end)}
          onChange={props.onEnd}
          data-testid="report-to"
        />
      </div>
      {hint ? <p className="rep-muted">{hint}</p> : null}
    </fieldset>
  );
}
