// The report download dialog as a reducer (portal-and-report 2 "Report dialog" and 4 "Report download dialog"):
// type toggle, date range, logo, creating with a cancel that stops the work, completed then reset.
import type { IsoDate } from '@patrimonio/engine';
import type { Role } from '@patrimonio/shared-api';
import { type DateBounds, validateDateRange } from './date-range.ts';

export const REPORT_TYPES = ['synthetic', 'analytic', 'custom'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export type DialogPhase = 'idle' | 'creating';

export interface DialogState {
  isFamily: boolean;
  type: ReportType | null;
  start: IsoDate | null;
  end: IsoDate | null;
  /** Whether the uploaded logo goes on the report ("optionally the logo"). */
  includeLogo: boolean;
  phase: DialogPhase;
  /**
   * Counts the runs started. A run's result is accepted only with its own number, so a cancelled run finishing late
   * changes nothing; the UI aborts the work of the run it cancels.
   */
  run: number;
  /** The range the dialog starts with and goes back to on reset. */
  defaultRange: { start: IsoDate | null; end: IsoDate | null };
}

export type DialogAction =
  | { type: 'toggleType'; reportType: ReportType }
  /** Customize: opens the options (the UI's part) and selects custom. */
  | { type: 'customize' }
  | { type: 'setStart'; date: IsoDate | null }
  | { type: 'setEnd'; date: IsoDate | null }
  | { type: 'toggleLogo' }
  /** Download pressed; the UI checks canDownload first, the reducer checks it again. */
  | { type: 'create'; role: Role; bounds: DateBounds | null }
  | { type: 'cancel' }
  /** The PDF is ready (the UI clicks its link) or the run failed: back to the start either way. */
  | { type: 'completed'; run: number }
  | { type: 'failed'; run: number };

export function initialDialogState(
  isFamily: boolean,
  defaultRange: { start: IsoDate | null; end: IsoDate | null },
): DialogState {
  return {
    isFamily,
    type: null,
    start: defaultRange.start,
    end: defaultRange.end,
    includeLogo: false,
    phase: 'idle',
    run: 0,
    defaultRange,
  };
}

/** The types offered: "The analytic type is not offered for families" (portal-and-report 2). */
export function offeredReportTypes(isFamily: boolean): ReportType[] {
  return REPORT_TYPES.filter((t) => !(isFamily && t === 'analytic'));
}

/** "Report download is unavailable to ADMIN and BACK_OFFICE" (portal-and-report 2 and 6). */
export function mayDownloadReport(role: Role): boolean {
  return role !== 'ADMIN' && role !== 'BACK_OFFICE';
}

/**
 * Whether the dialog shows the logo upload. Rules: "Logo upload is hidden from DELEGATE" (portal-and-report 2);
 * ADMIN and BACK_OFFICE have no report download at all. BASIC gets no upload either: the logo is "an optional uploaded
 * logo of the professional" (section 1), and BASIC is the end client whose "report options [are] kept locally" and
 * who writes nothing on the server (section 6; the server answers BASIC's POST /user/logo-report with 403).
 * So only PRO uploads.
 */
export function mayUploadLogo(role: Role): boolean {
  return role === 'PRO';
}

/**
 * Whether Download is enabled. Rules (portal-and-report 4 and 5): "No type chosen: download disabled"; the range is
 * valid (both dates, within the bounds, start <= end); the role may download (not ADMIN or BACK_OFFICE); and no
 * report is being created already.
 */
export function canDownload(state: DialogState, role: Role, bounds: DateBounds | null): boolean {
  return (
    state.phase === 'idle' &&
    state.type !== null &&
    mayDownloadReport(role) &&
    validateDateRange({ start: state.start, end: state.end }, bounds).length === 0
  );
}

function reset(state: DialogState): DialogState {
  return initialDialogState(state.isFamily, state.defaultRange);
}

/**
 * The dialog's transitions (portal-and-report 4, "Report download dialog"): toggleType selects a type or, tapped
 * again, deselects it (analytic ignored for a family); customize selects custom (tapping Customize never deselects);
 * create starts a run when canDownload holds (phase creating, run + 1); cancel goes back to idle keeping the choices;
 * completed resets the dialog ("the dialog state resets"), failed goes back to idle keeping the choices, each only for
 * the current run. While creating, the choices are frozen.
 */
export function dialogReducer(state: DialogState, action: DialogAction): DialogState {
  const creating = state.phase === 'creating';
  switch (action.type) {
    case 'toggleType':
      if (creating || !offeredReportTypes(state.isFamily).includes(action.reportType)) return state;
      return { ...state, type: state.type === action.reportType ? null : action.reportType };
    case 'customize':
      return creating ? state : { ...state, type: 'custom' };
    case 'setStart':
      return creating ? state : { ...state, start: action.date };
    case 'setEnd':
      return creating ? state : { ...state, end: action.date };
    case 'toggleLogo':
      return creating ? state : { ...state, includeLogo: !state.includeLogo };
    case 'create':
      if (!canDownload(state, action.role, action.bounds)) return state;
      return { ...state, phase: 'creating', run: state.run + 1 };
    case 'cancel':
      return creating ? { ...state, phase: 'idle' } : state;
    case 'completed':
      return creating && action.run === state.run ? { ...reset(state), run: state.run } : state;
    case 'failed':
      return creating && action.run === state.run ? { ...state, phase: 'idle' } : state;
  }
}
