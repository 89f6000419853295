// ApexCharts' bare core with the bar chart type and the waterfall feature registered: what the waterfall loads.
import ApexCharts from 'apexcharts/core';
import 'apexcharts/bar';
import 'apexcharts/features/waterfall';

export default ApexCharts;
