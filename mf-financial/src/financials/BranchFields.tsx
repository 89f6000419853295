// The fields of a branch (name, CAB, address, city), shared by the branches dialog and the first branch of a new
// intermediary.
import { Trans } from '@lingui/react/macro';
import { TextInput } from '@patrimonio/shared-ui';
import type { ReactNode } from 'react';

export interface BranchValues {
  name: string;
  cab: string;
  address: string;
  city: string;
}

export const EMPTY_BRANCH: BranchValues = { name: '', cab: '', address: '', city: '' };

export function BranchFields({
  value,
  onChange,
  nameLabel,
  nameInput = 'name',
  required = false,
  nameError,
  cabError,
}: {
  value: BranchValues;
  onChange: (field: keyof BranchValues, value: string) => void;
  nameLabel: ReactNode;
  /** The name attribute of the name input. */
  nameInput?: string;
  required?: boolean;
  nameError?: string;
  cabError?: string;
}) {
  return (
    <>
      <div className="pt-form__row">
        <TextInput
          label={nameLabel}
          required={required}
          name={nameInput}
          maxLength={200}
          error={nameError}
          value={value.name}
          onChange={(v) => onChange('name', v)}
        />
        <TextInput
          label={<Trans>CAB</Trans>}
          name="cab"
          inputMode="numeric"
          maxLength={5}
          error={cabError}
          value={value.cab}
          onChange={(v) => onChange('cab', v)}
        />
      </div>
      <div className="pt-form__row">
        <TextInput
          label={<Trans>Indirizzo</Trans>}
          name="address"
          maxLength={300}
          value={value.address}
          onChange={(v) => onChange('address', v)}
        />
        <TextInput
          label={<Trans>Città</Trans>}
          name="city"
          maxLength={300}
          value={value.city}
          onChange={(v) => onChange('city', v)}
        />
      </div>
    </>
  );
}
