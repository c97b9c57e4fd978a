import { GaugeChart, LineChart } from 'echarts/charts';
import type { GaugeSeriesOption, LineSeriesOption } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import type { GridComponentOption } from 'echarts/components';
import { use as registerCharts } from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import type { SharedChartParts } from '../../shared/ui/echart';

// Only what 服务监控 draws: this module is reached from that page's chunk alone.
registerCharts([LineChart, GaugeChart, GridComponent]);

export type MonitorChartOption = ComposeOption<
  LineSeriesOption | GaugeSeriesOption | GridComponentOption | SharedChartParts
>;

/** The shared chart, drawing what this module registered. */
export { EChart } from '../../shared/ui/echart';
