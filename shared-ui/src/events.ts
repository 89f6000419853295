// Window events between the shell and the apps (they share no React tree).
/** The side menu's "Download report": mf-report opens its dialog. */
export const OPEN_REPORT_EVENT = 'patrimonio:open-report';
export const openReportDialog = () => window.dispatchEvent(new CustomEvent(OPEN_REPORT_EVENT));
