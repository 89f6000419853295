// The position page's goals panel, without React: how much of each goal today's wealth covers. Today's wealth is the
// start of the goals' projection (GET /goal/projection: every band starts from it); it is set against the goals in
// order of date, the nearest first, so two goals are never both paid from the same money.
export interface CoveredGoal {
  id: number;
  description: string;
  amount: number;
  initDate: string;
  probability: number;
  /** The part of the amount today's wealth covers, 0..1. */
  covered: number;
}

/** Today's wealth: the first value of the projection's bands (0 when there is none). */
export function wealthToday(calculus: { graph: ReadonlyArray<{ data: ReadonlyArray<number> }> }): number {
  const first = calculus.graph.map((g) => g.data[0] ?? 0).filter(Number.isFinite);
  return first.length ? Math.max(0, Math.max(...first)) : 0;
}

/**
 * Each goal's coverage by today's wealth, in date order (then by description): the wealth left after the earlier
 * goals, over the goal's amount, at most 1. Worked example: 500,000 today; a car of 40,000 in 2028 is covered
 * 100%, a house of 250,000 in 2031 100%, a school fund of 300,000 in 2034 70% (210,000 left over 300,000).
 */
export function goalCoverage<G extends Omit<CoveredGoal, 'covered'>>(
  goals: ReadonlyArray<G>,
  wealth: number,
): Array<G & { covered: number }> {
  let left = Math.max(0, wealth);
  return [...goals]
    .sort((a, b) => a.initDate.localeCompare(b.initDate) || a.description.localeCompare(b.description))
    .map((g) => {
      const used = Math.min(left, g.amount);
      left -= used;
      return { ...g, covered: g.amount > 0 ? used / g.amount : 1 };
    });
}
