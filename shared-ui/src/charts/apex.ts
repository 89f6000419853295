// The ApexCharts build the portal's charts use, loaded lazily (its own chunk, see ApexChart.tsx): the bare core
// with only the chart types we draw (line and area, bar, pie and donut) and the waterfall feature. No legend,
// toolbar or export feature: the legends are our own HTML (at most 5 entries, then 'more').
import ApexCharts from 'apexcharts/core';
import 'apexcharts/line';
import 'apexcharts/bar';
import 'apexcharts/donut';
import 'apexcharts/features/waterfall';

export default ApexCharts;
