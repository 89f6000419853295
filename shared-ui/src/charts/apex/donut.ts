// ApexCharts' bare core with the donut chart type registered: what the charts of this type load (ApexChart.tsx).
import ApexCharts from 'apexcharts/core';
import 'apexcharts/donut';

export default ApexCharts;
