import { Trans } from '@lingui/react/macro';
import { Modal, OPEN_REPORT_EVENT } from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';

/** The report dialog, opened by the side menu through a window event. */
export function ReportDialog() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(OPEN_REPORT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_REPORT_EVENT, onOpen);
  }, []);
  return (
    <Modal
      open={open}
      onClose={() => setOpen(false)}
      title={<Trans>Scarica il report</Trans>}
      data-testid="report-dialog"
    />
  );
}
