// Charts in the browser: ApexCharts (the portal's own lazily loaded copy) draws each chart in an off-screen box of
// the report canvas width, and the report takes its SVG (portal-and-report 4 and 9: "A missing chart yields
// undefined"). No fixed delay: with animations off, render() resolves once the chart is drawn.
import { loadApexCharts } from '@patrimonio/shared-ui';
import type ApexCharts from 'apexcharts';
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
    const created = new ApexChartsClass(host, {
      ...options,
      chart: {
        ...options.chart,
        width: size.width,
        height: size.height,
        animations: { enabled: false },
        toolbar: { show: false },
        zoom: { enabled: false },
      },
    });
    chart = created;
    await created.render();
    const svg = host.querySelector('svg.apexcharts-svg');
    // Hover-only crosshair lines are hidden by ApexCharts' stylesheet, which the PDF does not have.
    for (const line of Array.from(
      svg?.querySelectorAll('.apexcharts-xcrosshairs, .apexcharts-ycrosshairs, .apexcharts-ycrosshairs-hidden') ?? [],
    )) {
      line.remove();
    }
    return svg?.outerHTML ?? undefined;
  } catch {
    return undefined;
  } finally {
    chart?.destroy();
    host.remove();
  }
};
