import { GaugeChart, PieChart } from 'echarts/charts';
import type { GaugeSeriesOption, PieSeriesOption } from 'echarts/charts';
import { AriaComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type { AriaComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { use as registerCharts } from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what the Redis page draws: this module is reached from that page's chunk alone.
registerCharts([PieChart, GaugeChart, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

export type RedisChartOption = ComposeOption<
  PieSeriesOption | GaugeSeriesOption | TooltipComponentOption | LegendComponentOption | AriaComponentOption
>;

/** The shared chart, drawing what this module registered. */
export { EChart } from '../../shared/ui/echart';
