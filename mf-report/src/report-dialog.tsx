// The report dialog's root: mounted with every client or family page, so it stays small. The dialogs themselves
// (and the API contract they bring) load on the first opening, outside the pages' JavaScript budget.
import { Trans } from '@lingui/react/macro';
import { Modal, OPEN_REPORT_EVENT, Spinner, takeReportRequest } from '@patrimonio/shared-ui';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { mayDownloadReport } from './logic/dialog.ts';
import { injectReportStyles } from './ui/styles.ts';
import { type ReportContext, useReportContext } from './ui/use-report-context.ts';

const ReportDownload = lazy(() => import('./ui/report-download.tsx').then((m) => ({ default: m.ReportDownload })));

/** The report dialog, opened by the side menu through a window event; each opening starts afresh. */
export function ReportDialog() {
  const [open, setOpen] = useState(false);
  const ctx = useReportContext();
  useEffect(() => {
    injectReportStyles();
    const onOpen = () => {
      takeReportRequest();
      setOpen(true);
    };
    window.addEventListener(OPEN_REPORT_EVENT, onOpen);
    // Asked for while this app was still loading.
    if (takeReportRequest()) setOpen(true);
    return () => window.removeEventListener(OPEN_REPORT_EVENT, onOpen);
  }, []);
  if (!open) return null;
  const close = () => setOpen(false);
  if (ctx && mayDownloadReport(ctx.role))
    return (
      <Suspense fallback={<Loading onClose={close} />}>
        <ReportDownload key={`${ctx.scope.kind}-${ctx.scope.id}`} ctx={ctx} onClose={close} />
      </Suspense>
    );
  return <Unavailable ctx={ctx} onClose={close} />;
}

/** While the dialog's code loads (first opening only). */
function Loading({ onClose }: { onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title={<Trans>Scarica il report</Trans>} className="rep-dialog">
      <Spinner />
    </Modal>
  );
}

/** No report here: a role without report download (portal-and-report 2 and 6), or no client or family chosen. */
function Unavailable({ ctx, onClose }: { ctx: ReportContext | null; onClose: () => void }) {
  const text: ReactNode = ctx ? (
    <Trans>Il download del report non è disponibile per il tuo ruolo.</Trans>
  ) : (
    <Trans>Scegli un cliente o una famiglia per scaricarne il report.</Trans>
  );
  return (
    <Modal
      open
      onClose={onClose}
      title={<Trans>Scarica il report</Trans>}
      className="rep-dialog"
      data-testid="report-dialog"
      actions={
        <button type="button" className="pt-btn pt-btn--secondary" onClick={onClose}>
          <Trans>Chiudi</Trans>
        </button>
      }
    >
      <p data-testid="report-unavailable">{text}</p>
    </Modal>
  );
}
