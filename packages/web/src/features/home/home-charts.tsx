import { homeStatisticsGet } from '@app/contract';
import type { HomeStatistics } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKey } from '../../shared/crud/query-key';
import { request } from '../../shared/request';
import { SpinDots } from '../../shared/ui/spin-dots';
import { HomeEChart, type HomeChartOption } from './home-echart';

const COLORS = { primary: '#409eff', success: '#67c23a', danger: '#f56c6c', warning: '#e6a23c' };

interface Series {
  name: string;
  data: number[];
  color: string;
  type: 'bar' | 'line';
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** 'MM-DD' of a 'YYYY-MM-DD' day. */
const shortDay = (day: string) => day.slice(5);

const optionOf = (days: readonly string[], series: readonly Series[]): HomeChartOption => ({
  color: series.map((s) => s.color),
  grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
  legend: { top: 0, left: 0, itemWidth: 12, itemHeight: 8 },
  tooltip: { trigger: 'axis' },
  xAxis: { type: 'category', data: days.map(shortDay), axisTick: { alignWithLabel: true } },
  yAxis: { type: 'value', minInterval: 1 },
  series: series.map((s) =>
    s.type === 'bar'
      ? { name: s.name, type: 'bar', data: s.data, barMaxWidth: 18 }
      : { name: s.name, type: 'line', data: s.data, symbolSize: 6 },
  ),
});

/** One chart of the week, or a note when its series are all zero. */
function Chart({ title, days, series }: { title: string; days: readonly string[]; series: Series[] }) {
  const option = useMemo(() => optionOf(days, series), [days, series]);
  const totals = series.map((s) => `${s.name} ${sum(s.data)}`).join('，');
  const empty = series.every((s) => sum(s.data) === 0);
  return (
    <section className="home-chart" aria-label={title}>
      <h4 className="home-chart-title">
        {title}
        <small>{totals}</small>
      </h4>
      {empty ? (
        <p className="home-list-note home-chart-empty">近 7 天没有记录</p>
      ) : (
        <HomeEChart option={option} label={`${title}：${totals}`} />
      )}
    </section>
  );
}

function Charts({ stats }: { stats: HomeStatistics }) {
  const { days } = stats;
  const charts = useMemo(
    () => [
      {
        title: '登录',
        series: [{ name: '登录次数', data: stats.logins, color: COLORS.primary, type: 'bar' as const }],
      },
      {
        title: '接口请求',
        series: [
          { name: '请求', data: stats.requests, color: COLORS.primary, type: 'line' as const },
          { name: '错误', data: stats.errors, color: COLORS.danger, type: 'line' as const },
        ],
      },
      {
        title: '流程',
        series: [
          { name: '发起', data: stats.processesStarted, color: COLORS.warning, type: 'bar' as const },
          { name: '结束', data: stats.processesFinished, color: COLORS.success, type: 'bar' as const },
        ],
      },
    ],
    [stats],
  );
  return (
    <div className="home-charts">
      {charts.map((chart) => (
        <Chart key={chart.title} title={chart.title} days={days} series={chart.series} />
      ))}
    </div>
  );
}

/** The last 7 days of the tenant (one request), drawn once this chunk has loaded. */
export default function HomeCharts() {
  const stats = useQuery({
    queryKey: queryKey(homeStatisticsGet),
    queryFn: () => request(homeStatisticsGet),
    staleTime: 60_000,
  });
  if (stats.isError)
    return (
      <p className="home-list-note">
        统计加载失败，
        <button type="button" className="home-link-button" onClick={() => void stats.refetch()}>
          重试
        </button>
      </p>
    );
  if (!stats.data)
    return (
      <p className="home-list-note" aria-busy="true">
        <SpinDots /> 加载中…
      </p>
    );
  return <Charts stats={stats.data} />;
}
