import { ReloadOutlined } from '@ant-design/icons';
import { infraServerGetMonitorInfo } from '@app/contract';
import type { ServerMonitorInfo } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Spin } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useMemo, useState } from 'react';
import { queryKey } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { request } from '../../shared/request';
import { EChart } from './echart';
import type { MonitorChartOption } from './echart';
import { formatBytes, formatMs, formatUptime } from './format';
import './monitor-page.css';

/** How often the page asks while it is shown (the server cuts its windows every 5 s as well). */
export const POLL_MS = 5000;
/** Samples the lines keep: five minutes. */
export const HISTORY = 60;

const MB = 1024 * 1024;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const clock = (ms: number) => new Date(ms).toLocaleTimeString('zh-CN', { hour12: false });

const basics = ({ instance, cpu }: ServerMonitorInfo): DescriptionsProps['items'] => [
  { key: 'host', label: '主机名', children: instance.hostname },
  { key: 'pid', label: '进程号', children: instance.pid },
  { key: 'node', label: 'Node.js 版本', children: instance.nodeVersion },
  { key: 'platform', label: '平台', children: `${instance.platform} / ${instance.arch}` },
  { key: 'start', label: '启动时间', children: formatDateTime(instance.startTime) },
  { key: 'uptime', label: '运行时长', children: formatUptime(instance.uptimeSeconds) },
  { key: 'cores', label: 'CPU 核数', children: cpu.cores },
  { key: 'load', label: '系统负载（1/5/15 分）', children: cpu.loadAverage.join(' / ') },
];

const details = ({ memory, eventLoop, gc, http, database, windowSeconds }: ServerMonitorInfo) => [
  { key: 'rss', label: '常驻内存（RSS）', children: formatBytes(memory.rss) },
  {
    key: 'heap',
    label: '堆内存（已用/已分配）',
    children: `${formatBytes(memory.heapUsed)} / ${formatBytes(memory.heapTotal)}`,
  },
  { key: 'heapLimit', label: '堆内存上限', children: formatBytes(memory.heapLimit) },
  { key: 'external', label: '堆外内存（external）', children: formatBytes(memory.external) },
  {
    key: 'system',
    label: '系统内存（已用/总量）',
    children: `${formatBytes(memory.systemTotal - memory.systemFree)} / ${formatBytes(memory.systemTotal)}`,
  },
  {
    key: 'loop',
    label: `事件循环延迟（近 ${windowSeconds} 秒 p50/p99/最大）`,
    children: `${formatMs(eventLoop.p50Ms)} / ${formatMs(eventLoop.p99Ms)} / ${formatMs(eventLoop.maxMs)}`,
  },
  {
    key: 'gc',
    label: `垃圾回收（近 ${windowSeconds} 秒）`,
    children: `${gc.count} 次，共停顿 ${formatMs(gc.totalMs)}，最长 ${formatMs(gc.maxMs)}`,
  },
  {
    key: 'http',
    label: `接口请求（近 ${http.windowSeconds} 秒）`,
    children: `${http.perSecond.toFixed(2)} 次/秒，共 ${http.requests} 次，p95 ${formatMs(http.p95Ms)}`,
  },
  { key: 'db', label: '数据库', children: database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite' },
  { key: 'size', label: '数据库大小', children: formatBytes(database.sizeBytes) },
  ...(database.pool
    ? [
        {
          key: 'pool',
          label: '连接池（总数/空闲/等待）',
          children: `${database.pool.total} / ${database.pool.idle} / ${database.pool.waiting}`,
        },
      ]
    : [{ key: 'wal', label: '预写日志（WAL）', children: formatBytes(database.walBytes) }]),
];

const gauge = (name: string, value: number, detail: string): MonitorChartOption => ({
  series: [
    {
      name,
      type: 'gauge',
      min: 0,
      max: 100,
      progress: { show: true, width: 10 },
      axisLine: { lineStyle: { width: 10 } },
      axisLabel: { distance: 14, fontSize: 10 },
      pointer: { length: '55%', width: 4 },
      title: { offsetCenter: [0, '75%'], fontSize: 13 },
      detail: { offsetCenter: [0, '45%'], fontSize: 16, formatter: detail },
      data: [{ value, name }],
    },
  ],
});

const line = (
  samples: ServerMonitorInfo[],
  unit: string,
  series: Record<string, (s: ServerMonitorInfo) => number>,
) =>
  ({
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${String(v)} ${unit}` },
    legend: { bottom: 0 },
    grid: { left: 48, right: 16, top: 24, bottom: 48 },
    xAxis: { type: 'category', boundaryGap: false, data: samples.map((s) => clock(s.sampleTime)) },
    yAxis: { type: 'value', name: unit, min: 0 },
    series: Object.entries(series).map(([name, of]) => ({
      name,
      type: 'line',
      showSymbol: false,
      data: samples.map(of),
    })),
  }) as MonitorChartOption;

function Charts({ samples }: { samples: ServerMonitorInfo[] }) {
  const latest = samples[samples.length - 1]!;
  const { cpu, memory, eventLoop } = latest;
  const charts = useMemo(
    () => ({
      cpu: line(samples, '%', { 进程: (s) => s.cpu.processPercent, 整机: (s) => s.cpu.machinePercent }),
      heap: line(samples, 'MB', {
        堆已用: (s) => Math.round((s.memory.heapUsed / MB) * 10) / 10,
        堆已分配: (s) => Math.round((s.memory.heapTotal / MB) * 10) / 10,
        RSS: (s) => Math.round((s.memory.rss / MB) * 10) / 10,
      }),
      loop: line(samples, 'ms', {
        p50: (s) => s.eventLoop.p50Ms,
        p99: (s) => s.eventLoop.p99Ms,
        最大: (s) => s.eventLoop.maxMs,
      }),
    }),
    [samples],
  );
  const heapShare = percent(memory.heapUsed, memory.heapLimit);
  const systemShare = percent(memory.systemTotal - memory.systemFree, memory.systemTotal);
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Card title="CPU（进程占整机）" size="small">
            <EChart
              option={gauge('进程 CPU', cpu.processPercent, `${cpu.processPercent}%`)}
              label={`进程 CPU 仪表盘：${cpu.processPercent}%，整机 ${cpu.machinePercent}%`}
              height={220}
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title="堆内存（占上限）" size="small">
            <EChart
              option={gauge(`已用 ${formatBytes(memory.heapUsed)}`, heapShare, `${heapShare}%`)}
              label={`堆内存仪表盘：已用 ${formatBytes(memory.heapUsed)}，占上限 ${heapShare}%`}
              height={220}
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title="系统内存" size="small">
            <EChart
              option={gauge('系统内存', systemShare, `${systemShare}%`)}
              label={`系统内存仪表盘：已用 ${systemShare}%`}
              height={220}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <Card title="CPU 使用率" size="small">
            <EChart option={charts.cpu} label={`CPU 使用率折线图：最近 ${samples.length} 次采样`} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="内存" size="small">
            <EChart option={charts.heap} label={`内存折线图：最近 ${samples.length} 次采样`} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="事件循环延迟" size="small">
            <EChart
              option={charts.loop}
              label={`事件循环延迟折线图：最近 ${samples.length} 次采样，当前 p99 ${formatMs(eventLoop.p99Ms)}`}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}

/**
 * 服务监控 (menu component infra/server/index): the answering instance's process and machine, asked
 * every POLL_MS while the page is shown; the lines keep the last HISTORY answers in the page.
 */
export function ServerPage() {
  const [samples, setSamples] = useState<ServerMonitorInfo[]>([]);
  const monitor = useQuery({
    queryKey: queryKey(infraServerGetMonitorInfo),
    // Each answer joins the lines as it comes: the samples live in the page, not in the cache.
    queryFn: async () => {
      const info = await request(infraServerGetMonitorInfo);
      setSamples((kept) => [...kept, info].slice(-HISTORY));
      return info;
    },
    refetchInterval: POLL_MS,
  });
  const latest = samples[samples.length - 1];
  return (
    <div className="monitor-page">
      <div className="monitor-page__toolbar">
        <Alert
          type="info"
          showIcon
          title="以下为应答本页请求的服务器实例的数据，每 5 秒刷新一次；运行多个实例时，本页只显示其中之一，不汇总其他实例。"
        />
        <Button icon={<ReloadOutlined />} loading={monitor.isFetching} onClick={() => void monitor.refetch()}>
          刷新
        </Button>
      </div>
      {latest ? (
        <>
          <Card title="基本信息" size="small">
            <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={basics(latest)} />
          </Card>
          <Charts samples={samples} />
          <Card title="运行状况" size="small">
            <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={details(latest)} />
          </Card>
        </>
      ) : monitor.isError ? (
        <Empty description="加载失败，请刷新重试" />
      ) : (
        <Spin className="monitor-page__loading" description="正在加载服务监控信息…" />
      )}
    </div>
  );
}
