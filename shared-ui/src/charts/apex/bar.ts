// ApexCharts' bare core with the bar chart type registered: what the charts of this type load (ApexChart.tsx).
import ApexCharts from 'apexcharts/core';
import 'apexcharts/bar';

export default ApexCharts;
