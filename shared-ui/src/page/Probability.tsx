// A goal's probability of being reached, as the goals page and the position page's goals panel show it: the whole
// percentage and the level in words, coloured by level (words too, so the colour is never the only cue).
import { useLingui } from '@lingui/react/macro';
import { chartLocale } from '../charts/logic.ts';
import { formatProbability, PROBABILITY_LEVEL_LABELS, probabilityLevel } from '../format/probability.ts';

export function Probability({ value, 'data-testid': testId }: { value: number | null; 'data-testid'?: string }) {
  const { i18n } = useLingui();
  if (value === null) return <span className="pt-muted">–</span>;
  const level = probabilityLevel(value);
  return (
    <span className="pt-chance" data-level={level} data-value={value} data-testid={testId}>
      <span className="pt-chance__value">{formatProbability(value, chartLocale(i18n.locale))}</span>
      <span className="pt-chance__level">{i18n._(PROBABILITY_LEVEL_LABELS[level])}</span>
    </span>
  );
}
