// The signed-in user's tour progress: the sections for the role, in order, with what GET /user/data-tour says
// is completed and whether each can start here; and whether the window is large enough.
import { useEffect, useSyncExternalStore } from 'react';
import { useApiQuery } from '../data/query.ts';
import { useLocation } from '../navigation.ts';
import { useSession } from '../session/store.ts';
import { startTour } from './controller.ts';
import {
  nextSection,
  parseTourState,
  type SectionBlock,
  sectionBlock,
  sectionsFor,
  tourBasePath,
  tourFitsViewport,
} from './logic.ts';
import type { TourSection } from './steps.ts';

export interface TourSectionProgress {
  section: TourSection;
  completed: boolean;
  /** Why it cannot start here (null when it can). */
  blocked: SectionBlock;
}

export interface TourProgress {
  /** Sections of the role in order; empty without a signed-in user with a role (no tour then). */
  sections: TourSectionProgress[];
  /** The first section not completed yet, or null. */
  next: TourSection | null;
  loading: boolean;
}

export function useTourProgress(): TourProgress {
  const { user, selection } = useSession();
  const { pathname } = useLocation();
  const role = user?.role ?? null;
  const query = useApiQuery('getDataTour', undefined, { enabled: Boolean(role) });
  if (!role) return { sections: [], next: null, loading: false };
  const completed = parseTourState(query.data);
  const basePath = tourBasePath(role, pathname, selection);
  return {
    sections: sectionsFor(role).map((section) => ({
      section,
      completed: completed.includes(section),
      blocked: sectionBlock(section, role, basePath),
    })),
    next: nextSection(role, completed),
    loading: query.isLoading,
  };
}

const subscribeResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const fits = () => tourFitsViewport(window.innerWidth, window.innerHeight);

/** Whether the window is at least 1024 x 650 (the tour closes, and cannot start, below that). */
export function useTourFitsViewport(): boolean {
  return useSyncExternalStore(subscribeResize, fits, () => true);
}

/**
 * The key of the one-shot request to start the guided tour at the next sign-in (issue 19): set by the page that
 * activates a new professional's account (/register-pro), read once by useTourAutoStart. The demo accounts have no
 * completed tour steps either, so the tour does not start by itself for every user without steps: only after a
 * registration in this browser.
 */
export const TOUR_AUTOSTART_KEY = 'patrimonio.tour.autostart';

/** Asks for the tour to start at the next sign-in in this browser. */
export function requestTourAutoStart(): void {
  try {
    localStorage.setItem(TOUR_AUTOSTART_KEY, '1');
  } catch {
    // No storage (private mode): the tour stays in its menu.
  }
}

/**
 * Starts the first section of the role once, when a registration asked for it and the signed-in user has completed no
 * tour step yet, and the section can start here (a PRO on /clients: add client).
 */
export function useTourAutoStart(progress: TourProgress): void {
  const first = progress.sections[0];
  const none = progress.sections.length > 0 && progress.sections.every((s) => !s.completed);
  const ready = !progress.loading && none && first !== undefined && first.blocked === null;
  useEffect(() => {
    if (!ready || !first) return;
    let asked = false;
    try {
      asked = localStorage.getItem(TOUR_AUTOSTART_KEY) === '1';
    } catch {
      asked = false;
    }
    if (!asked) return;
    if (startTour(first.section)) localStorage.removeItem(TOUR_AUTOSTART_KEY);
  }, [ready, first]);
}
