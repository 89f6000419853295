/** The guided tour's steps, in order (schemas.ts TourStep): here without TypeBox, for the shell's tour (issue 21). */
export const TOUR_STEPS = ['addClient', 'overview', 'addGoal', 'addAccount'] as const;
