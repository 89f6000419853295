// The pure rules of the guided tour (spec data-and-admin sections 2, 3, 4 and 7): the server state, the order of
// the sections per role, which section comes next, where a section starts, and the viewport rule.
import type { Role } from '@patrimonio/shared-api';
import { ownerScope } from '../data/scope.ts';
import { isAllowed, matchRoute } from '../routes.ts';
import type { Selection } from '../session/store.ts';
import { TOUR_POSITION_PATH, TOUR_SECTION_START, TOUR_SECTIONS, type TourSection } from './steps.ts';

/** Spec: the tour closes automatically under 1024 px wide or 650 px high. */
export const TOUR_MIN_WIDTH = 1024;
export const TOUR_MIN_HEIGHT = 650;
/** Spec: popover max width 630 px. */
export const TOUR_POPOVER_MAX_WIDTH = 630;
/** Spec: after the goal submit step, the next step shows 300 ms after the navigation to the position page. */
export const TOUR_ADVANCE_DELAY_MS = 300;
/** How long a step waits for its element to appear (a dialog opening, a page loading) before showing centred. */
export const TOUR_WAIT_FOR_TARGET_MS = 4000;

/** Whether the window is large enough for the tour: at least 1024 x 650. */
export const tourFitsViewport = (width: number, height: number): boolean =>
  width >= TOUR_MIN_WIDTH && height >= TOUR_MIN_HEIGHT;

const isSection = (s: string): s is TourSection => (TOUR_SECTIONS as readonly string[]).includes(s);

/**
 * GET /user/data-tour: a comma list of completed sections, or -1 for none. Unknown names, blanks and repeats
 * are dropped; anything that is not a string (no answer yet) is none.
 */
export function parseTourState(raw: unknown): TourSection[] {
  if (typeof raw !== 'string') return [];
  const text = raw.trim();
  if (text === '' || text === '-1') return [];
  const out: TourSection[] = [];
  for (const part of text.split(',')) {
    const name = part.trim();
    if (isSection(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/** The state after completing a section, as the server writes it: '-1' + addClient = 'addClient'. */
export function withCompleted(raw: unknown, section: TourSection): string {
  const list = parseTourState(raw);
  return (list.includes(section) ? list : [...list, section]).join(',');
}

/** Sections in order for a role: BASIC goes overview, goal, account; everyone else starts by adding a client. */
export function sectionsFor(role: Role): TourSection[] {
  return role === 'BASIC' ? ['overview', 'addGoal', 'addAccount'] : ['addClient', 'overview', 'addGoal', 'addAccount'];
}

/** The first section of the role's order not completed yet, or null when all are. */
export function nextSection(role: Role, completed: readonly TourSection[]): TourSection | null {
  return sectionsFor(role).find((s) => !completed.includes(s)) ?? null;
}

/**
 * The owner scope's base path for the tour's pages: '' for BASIC (own data); for the others the client or
 * family of the current route, or else of the session's selection; null when there is none.
 */
export function tourBasePath(role: Role, pathname: string, selection: Selection | null): string | null {
  if (role === 'BASIC') return '';
  const match = matchRoute(pathname);
  if (match && (match.params.id !== undefined || match.params.familyId !== undefined))
    return ownerScope(match).basePath;
  if (selection) return selection.kind === 'family' ? `/family/${selection.id}` : `/client/${selection.id}`;
  return null;
}

/** The page a section starts on; null when it needs a client or family and there is none. */
export function sectionStartPath(section: TourSection, basePath: string | null): string | null {
  const start = TOUR_SECTION_START[section];
  if (!start.scoped) return start.path;
  return basePath === null ? null : `${basePath}${start.path}`;
}

/** The position page of the owner (where the goal section continues). */
export const positionPath = (basePath: string): string => `${basePath}${TOUR_POSITION_PATH}`;

export type SectionBlock = 'role' | 'needs-owner' | 'no-page' | null;

/**
 * Why a section cannot start now, or null when it can: not for the role, no client or family to show, or the
 * page does not exist or is not allowed (goals have no family page; /clients is for advisers).
 */
export function sectionBlock(section: TourSection, role: Role, basePath: string | null): SectionBlock {
  if (!sectionsFor(role).includes(section)) return 'role';
  const path = sectionStartPath(section, basePath);
  if (path === null) return 'needs-owner';
  const match = matchRoute(path);
  if (!match || !isAllowed(match.route, role)) return 'no-page';
  if (section === 'addGoal') {
    const position = matchRoute(positionPath(basePath ?? ''));
    if (!position || !isAllowed(position.route, role)) return 'no-page';
  }
  return null;
}

export type TourMove = { kind: 'step'; index: number; delayMs: number; navigateTo: string | null } | { kind: 'finish' };

/**
 * What Next does from step `index` of a section of `count` steps: finish after the last step; after a
 * `thenPosition` step go to the position page and show the next step 300 ms later; otherwise the next step.
 */
export function moveAfter(
  index: number,
  count: number,
  step: { thenPosition?: boolean } | undefined,
  basePath: string,
): TourMove {
  if (index >= count - 1) return { kind: 'finish' };
  if (step?.thenPosition)
    return { kind: 'step', index: index + 1, delayMs: TOUR_ADVANCE_DELAY_MS, navigateTo: positionPath(basePath) };
  return { kind: 'step', index: index + 1, delayMs: 0, navigateTo: null };
}

/** Whether a field counts as filled: some non-blank text. */
export const isFilled = (value: string | null | undefined): boolean => (value ?? '').trim() !== '';
