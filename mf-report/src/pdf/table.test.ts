// The row-break style of spec section 9, "every 16 rows": which body rows end a block.
import { describe, expect, test } from 'vitest';
import { isRowBreak, ROW_BREAK_EVERY } from './table.ts';

describe('row breaks', () => {
  test('under rows 16, 32, ... (1-based), never under the last row', () => {
    expect(ROW_BREAK_EVERY).toBe(16);
    const breaks = (rowCount: number) =>
      Array.from({ length: rowCount }, (_, i) => i).filter((i) => isRowBreak(i, rowCount));
    expect(breaks(40)).toEqual([15, 31]);
    expect(breaks(32)).toEqual([15]);
    expect(breaks(16)).toEqual([]);
    expect(breaks(5)).toEqual([]);
  });
});
