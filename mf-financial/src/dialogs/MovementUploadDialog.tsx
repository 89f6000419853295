// Import movements into an account of the page's portfolio, client or family (shared-ui's movement import: the
// account, the optional offset account, the file). Rejected rows are listed and nothing is refreshed; success
// refreshes the movements and the reports.
import { type OwnerScope, queryClient, MovementUploadDialog as UploadDialog } from '@patrimonio/shared-ui';
import { TOASTS } from '../common/labels.ts';
import { FINANCIAL_DATA_ROUTES } from '../common/routes.ts';

export function MovementUploadDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  defaultAccountId?: number | null;
}) {
  return (
    <UploadDialog
      open={props.open}
      onClose={props.onClose}
      accounts={props.scope.query}
      showOwner={props.scope.isFamily}
      defaultAccountId={props.defaultAccountId ?? null}
      success={TOASTS.movementsImported}
      onSuccess={() =>
        void Promise.all(FINANCIAL_DATA_ROUTES.map((n) => queryClient.invalidateQueries({ queryKey: [n] })))
      }
    />
  );
}
