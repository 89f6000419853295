// The planning's plain tables (the goals, the saved simulations) end each row the same way: a button of the row's own
// (edit, open) and the two-step delete, under a column head said to screen readers only.
import { Trans } from '@lingui/react/macro';
import { TwoStepButton } from '@patrimonio/shared-ui';
import type { ReactNode } from 'react';

/** The head of the actions column: no visible title. */
export function ActionsHead() {
  return (
    <th scope="col">
      <span className="pt-sr-only">
        <Trans>Azioni</Trans>
      </span>
    </th>
  );
}

/** A row's actions: `children` (the row's own button) then the two-step delete, disabled while one is under way. */
export function RowActions(props: {
  children: ReactNode;
  /** The delete's accessible name, naming the row. */
  deleteLabel: string;
  deleteTestId: string;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <td>
      <div className="pl-actions">
        {props.children}
        <TwoStepButton
          data-testid={props.deleteTestId}
          aria-label={props.deleteLabel}
          confirmLabel={<Trans>Conferma</Trans>}
          disabled={props.deleting}
          onConfirm={props.onDelete}
        >
          <Trans>Elimina</Trans>
        </TwoStepButton>
      </div>
    </td>
  );
}
