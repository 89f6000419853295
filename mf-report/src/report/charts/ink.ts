// The report charts' own colours, hex (svg2pdf.js ignores hsl() and CSS variables). Without messages or shared-ui
// imports, so that the e2e journey can look for the gridlines in the downloaded PDF's pixels (issue 13).

/** Axis labels and legends. */
export const CHART_TEXT_COLOR = '#535e66';
/** Gridlines and axis borders. */
export const CHART_GRID_COLOR = '#e3e8eb';
