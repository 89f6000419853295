// @patrimonio/mf-report: the report dialog, options dialog, logo upload and the PDF. Mounted while a client
// or family is selected (or for BASIC, their own data); opened from the side menu's "Download report".
import { appMountPoint, microFrontendDialog } from '@patrimonio/shared-ui';

export const { bootstrap, mount, unmount } = microFrontendDialog({
  name: 'mf-report',
  mountPoint: () => appMountPoint('mf-report', document.body),
  loadRoot: () => import('./report-dialog.tsx').then((m) => m.ReportDialog),
});
