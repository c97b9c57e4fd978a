import { BarChart, LineChart } from 'echarts/charts';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import type { GridComponentOption } from 'echarts/components';
import { use as registerCharts } from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import type { SharedChartParts } from '../../shared/ui/echart';

// Only what the home page's charts draw: this module is reached from their lazy chunk alone.
registerCharts([BarChart, LineChart, GridComponent]);

export type HomeChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | SharedChartParts
>;

/** The shared chart, drawing what this module registered. */
export { EChart as HomeEChart } from '../../shared/ui/echart';
