// The holders of a company as a caller may see them: the worked example of owners.ts.
import { describe, expect, test } from 'vitest';
import { holdersAsSeen } from './owners.ts';

const holder = (clientId: number, name: string, percentage: number, visible: boolean) => ({
  clientId,
  name,
  percentage,
  visible,
});

describe('holdersAsSeen', () => {
  test('the holders not seen are summed into one last entry without id or name', () => {
    expect(
      holdersAsSeen([
        holder(1, 'Mario Rossi', 60, true),
        holder(2, 'Giulia Bianchi', 25, false),
        holder(3, 'Luca Verdi', 10, false),
      ]),
    ).toEqual([
      { clientId: 1, name: 'Mario Rossi', percentage: 60 },
      { clientId: null, name: null, percentage: 35 },
    ]);
  });

  test('every holder seen: no summed entry; none seen: only the sum, to 6 decimals', () => {
    expect(holdersAsSeen([holder(1, 'A', 50, true), holder(2, 'B', 50, true)])).toEqual([
      { clientId: 1, name: 'A', percentage: 50 },
      { clientId: 2, name: 'B', percentage: 50 },
    ]);
    expect(holdersAsSeen([holder(1, 'A', 0.1, false), holder(2, 'B', 0.2, false)])).toEqual([
      { clientId: null, name: null, percentage: 0.3 },
    ]);
    expect(holdersAsSeen([])).toEqual([]);
  });
});
