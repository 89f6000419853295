// The guided tour (issue 5, spec data-and-admin sections 2, 3, 4 and 7) on driver.js. Pages mark the elements
// the steps point at with `data-tour` attributes: the list is TOUR_TARGETS, the steps TOUR_SECTION_STEPS.
export {
  closeTour,
  findTourTarget,
  getTourState,
  nextStep,
  previousStep,
  setStepValid,
  startTour,
  subscribeTour,
  type TourStartOptions,
  type TourState,
  useTour,
} from './controller.ts';
export {
  isFilled,
  moveAfter,
  nextSection,
  parseTourState,
  positionPath,
  type SectionBlock,
  sectionBlock,
  sectionStartPath,
  sectionsFor,
  TOUR_ADVANCE_DELAY_MS,
  TOUR_MIN_HEIGHT,
  TOUR_MIN_WIDTH,
  TOUR_POPOVER_MAX_WIDTH,
  TOUR_WAIT_FOR_TARGET_MS,
  type TourMove,
  tourBasePath,
  tourFitsViewport,
  withCompleted,
} from './logic.ts';
export { tourMessages } from './messages.ts';
export {
  requestTourAutoStart,
  TOUR_AUTOSTART_KEY,
  type TourProgress,
  type TourSectionProgress,
  useTourFitsViewport,
  useTourProgress,
} from './progress.ts';
export {
  TOUR_POSITION_PATH,
  TOUR_SECTION_START,
  TOUR_SECTION_STEPS,
  TOUR_SECTION_TITLES,
  TOUR_SECTIONS,
  TOUR_TARGETS,
  type TourRequirement,
  type TourSection,
  type TourStep,
  type TourTarget,
  tourTarget,
} from './steps.ts';
export { TourLauncher, type TourLauncherProps } from './TourLauncher.tsx';
