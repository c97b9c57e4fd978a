import { AriaComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type { AriaComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { init, use as registerCharts, type EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// What every chart of ours uses: the SVG renderer, the accessible description, tooltips and legends.
// Chart types and other components are registered by the pages that draw them.
registerCharts([TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

/** The options of what is registered here, for a page's `ComposeOption` beside its own parts. */
export type SharedChartParts = TooltipComponentOption | LegendComponentOption | AriaComponentOption;

export interface EChartProps {
  /**
   * What to draw. The page registers its chart types (and any component not registered here) with
   * `echarts/core`'s `use` in its own module, so each chart page loads only those, and no other
   * chunk loads echarts.
   */
  option: EChartsCoreOption;
  /** Accessible name of the chart: say what it shows and its totals. */
  label: string;
  height?: number;
}

/** An ECharts chart (SVG) that follows its container's width. */
export function EChart({ option, label, height = 240 }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = () => instance.resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // ECharts' aria replaces the container's label with its description: ours, which names the totals.
    chart.current?.setOption({ aria: { enabled: true, label: { description: label } }, ...option }, true);
  }, [option, label]);

  return <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
