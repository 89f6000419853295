// The section pages' grid and the boxes of their line charts, in pt from the page's top-left. Free of messages (no
// Lingui macros), so that the end-to-end journey, which draws the downloaded pages with pdftoppm and looks for the
// lines in these boxes (issue 13), can import it as the line-render test does.
import { CONTENT_TOP, PAGE } from '../../pdf/page.ts';

/** The page's content width between the margins, in pt. */
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Space between blocks, in pt. */
export const BLOCK_GAP = 16;
/** The left edge, the width of a half page and the right half's left edge. */
export const LEFT = PAGE.margin;
export const HALF = (CONTENT_WIDTH - BLOCK_GAP) / 2;
export const RIGHT = LEFT + HALF + BLOCK_GAP;

/** 01 Overview: the wealth over the period, across the page below the composition and the flows. */
export const VALUE_CHART = { x: LEFT, y: CONTENT_TOP + 246, width: CONTENT_WIDTH, height: 170 };
/** 02 Financial: the portfolios' TWR lines, across the comparison page. */
export const COMPARISON_CHART = { x: LEFT, y: CONTENT_TOP + 20, width: CONTENT_WIDTH, height: 230 };
/** 02 Financial: a portfolio's value and TWR, on the right half of its summary page. */
export const SUMMARY_CHART = { x: RIGHT, y: CONTENT_TOP + 82, width: HALF, height: 190 };
