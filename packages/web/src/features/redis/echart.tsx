import { GaugeChart, PieChart } from 'echarts/charts';
import type { GaugeSeriesOption, PieSeriesOption } from 'echarts/charts';
import { use as registerCharts } from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import type { SharedChartParts } from '../../shared/ui/echart';

// Only what the Redis page draws: this module is reached from that page's chunk alone.
registerCharts([PieChart, GaugeChart]);

export type RedisChartOption = ComposeOption<PieSeriesOption | GaugeSeriesOption | SharedChartParts>;

/** The shared chart, drawing what this module registered. */
export { EChart } from '../../shared/ui/echart';
