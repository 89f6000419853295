// Charts in the browser: ApexCharts (the portal's own lazily loaded copy) draws each chart in an off-screen box of
// the report canvas width, and the report takes its SVG (portal-and-report 4 and 9: "A missing chart yields
// undefined"). No fixed delay: with animations off, render() resolves once the chart is drawn.
import { loadApexCharts } from '@patrimonio/shared-ui';
import type ApexCharts from 'apexcharts';
import { atSize, HOVER_ONLY_SELECTOR } from '../report/charts/common.ts';
import type { ChartRenderer } from '../report/types.ts';

export const browserChart: ChartRenderer = async (options, size) => {
  const host = document.createElement('div');
  // Off-screen but laid out (ApexCharts measures its container), and hidden from assistive technology.
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = `position:fixed;left:-20000px;top:0;width:${size.width}px;height:${size.height}px;`;
  document.body.append(host);
  let chart: ApexCharts | null = null;
  try {
    const ApexChartsClass = await loadApexCharts();
    const created = new ApexChartsClass(host, atSize(options, size));
    chart = created;
    await created.render();
    const svg = host.querySelector('svg.apexcharts-svg');
    for (const line of Array.from(svg?.querySelectorAll(HOVER_ONLY_SELECTOR) ?? [])) line.remove();
    return svg?.outerHTML ?? undefined;
  } catch {
    return undefined;
  } finally {
    chart?.destroy();
    host.remove();
  }
};
