// An amount or a percentage of the simulation that is applied when the user is done with it (leaving the box, or
// Enter), not at each key: each applied change moves money and says so in a toast. An empty or unacceptable box
// goes back to the value the simulation has.
import { CurrencyInput, PercentInput } from '@patrimonio/shared-ui';
import { type ReactNode, useEffect, useState } from 'react';

export function CommitNumber(props: {
  kind: 'currency' | 'percent';
  label: ReactNode;
  value: number;
  onCommit: (value: number) => void;
  hint?: ReactNode;
  /** Cash may be below zero after a purchase: shown as it is. */
  signed?: boolean;
  'data-testid'?: string;
}) {
  const { value, onCommit } = props;
  const [draft, setDraft] = useState<number | null>(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft === null) setDraft(value);
    else if (draft !== value) onCommit(draft);
  };
  const common = {
    label: props.label,
    hint: props.hint,
    value: draft,
    onChange: setDraft,
    onBlur: commit,
    'data-testid': props['data-testid'],
  };
  // A form of its own: Enter in the box submits it, which applies the value.
  return (
    <form
      className="pl-commit"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        commit();
      }}
    >
      {props.kind === 'currency' ? <CurrencyInput {...common} signed={props.signed} /> : <PercentInput {...common} />}
    </form>
  );
}
