// ApexCharts' bare core with the line chart type registered (it also draws the band's area series): what the line
// and band charts load (ApexChart.tsx).
import ApexCharts from 'apexcharts/core';
import 'apexcharts/line';

export default ApexCharts;
