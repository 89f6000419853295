// ApexCharts with every chart type the portal draws registered (the same chunks the charts load: the shared core
// and each type's module), for code that draws any of them with its own options: the report's charts.
import { apexLibrary } from './ApexChart.tsx';

export const loadApexCharts = apexLibrary(() =>
  Promise.all([
    import(/* webpackChunkName: "apexcharts-donut" */ './apex/donut.ts'),
    import(/* webpackChunkName: "apexcharts-bar" */ './apex/bar.ts'),
    import(/* webpackChunkName: "apexcharts-waterfall" */ './apex/waterfall.ts'),
    import(/* webpackChunkName: "apexcharts-line" */ './apex/line.ts'),
  ]).then(([donut]) => donut),
);
