import { GaugeChart, LineChart } from 'echarts/charts';
import type { GaugeSeriesOption, LineSeriesOption } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type {
  AriaComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { use as registerCharts } from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what 服务监控 draws: this module is reached from that page's chunk alone.
registerCharts([
  LineChart,
  GaugeChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  AriaComponent,
  SVGRenderer,
]);

export type MonitorChartOption = ComposeOption<
  | LineSeriesOption
  | GaugeSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | AriaComponentOption
>;

/** The shared chart, drawing what this module registered. */
export { EChart } from '../../shared/ui/echart';
