// The signed-in user's tour progress: the sections for the role, in order, with what GET /user/data-tour says
// is completed and whether each can start here; and whether the window is large enough.
import { useSyncExternalStore } from 'react';
import { useApiQuery } from '../data/query.ts';
import { useLocation } from '../navigation.ts';
import { useSession } from '../session/store.ts';
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
