// A check box with its label (a server enabled, a stored secret to remove), as the middle office's toggles are.
import type { ReactNode } from 'react';

export function CheckField(props: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
  'data-testid'?: string;
}) {
  return (
    <label className="ad-check">
      <input
        type="checkbox"
        name={props.name}
        checked={props.checked}
        disabled={props.disabled}
        data-testid={props['data-testid']}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      {props.label}
    </label>
  );
}
