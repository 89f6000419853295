// Window events between the shell and the apps (they share no React tree).
/** The side menu's "Download report": mf-report opens its dialog. */
export const OPEN_REPORT_EVENT = 'patrimonio:open-report';

// A click before mf-report has loaded and listens must not be lost: the request waits here until the dialog takes it.
let reportRequested = false;

export const openReportDialog = () => {
  reportRequested = true;
  window.dispatchEvent(new CustomEvent(OPEN_REPORT_EVENT));
};

/** True once if the report dialog was asked for and nobody took the request yet; the dialog calls it when it opens. */
export function takeReportRequest(): boolean {
  const requested = reportRequested;
  reportRequested = false;
  return requested;
}
