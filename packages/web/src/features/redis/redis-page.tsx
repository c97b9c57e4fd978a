import { ReloadOutlined } from '@ant-design/icons';
import { infraRedisGetMonitorInfo } from '@app/contract';
import type { RedisMonitorInfo } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Spin } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useMemo } from 'react';
import { queryKey } from '../../shared/crud';
import { request } from '../../shared/request';
import { EChart } from './echart';
import type { RedisChartOption } from './echart';
import './redis-page.css';

/** What the server shares through Redis when `REDIS_URL` is set (the page lists it without Redis). */
export const REDIS_USES = [
  '访问令牌的缓存与吊销（退出登录后，所有实例立即拒绝该令牌）',
  '缓存失效总线（字典、租户、权限等变更后，通知所有实例丢弃缓存）',
  'WebSocket 消息在多个实例之间的转发',
  '登录失败次数限制（防暴力破解）在多个实例之间共享',
  '验证码、第三方登录状态等只能使用一次的数据',
] as const;

const MODES: Record<string, string> = { standalone: '单机', cluster: '集群', sentinel: '哨兵' };

/** Pie slices beyond this many are summed into 其他, so the chart stays readable. */
const TOP_COMMANDS = 12;

const yesNo = (flag: string | undefined) => (flag === undefined ? '-' : flag === '1' ? '是' : '否');
const fixed = (value: string | undefined, digits = 2) =>
  value === undefined || Number.isNaN(Number(value)) ? '-' : Number(value).toFixed(digits);

const basics = ({ info, dbSize }: RedisMonitorInfo): DescriptionsProps['items'] => [
  { key: 'version', label: 'Redis 版本', children: info.redis_version ?? '-' },
  {
    key: 'mode',
    label: '运行模式',
    children: MODES[info.redis_mode ?? ''] ?? info.redis_mode ?? '-',
  },
  { key: 'port', label: '端口', children: info.tcp_port ?? '-' },
  { key: 'clients', label: '客户端数', children: info.connected_clients ?? '-' },
  { key: 'uptime', label: '运行时间（天）', children: info.uptime_in_days ?? '-' },
  { key: 'memory', label: '使用内存', children: info.used_memory_human ?? '-' },
  {
    key: 'cpu',
    label: '使用 CPU（秒）',
    children:
      info.used_cpu_user === undefined
        ? '-'
        : fixed(String(Number(info.used_cpu_user) + Number(info.used_cpu_sys ?? 0))),
  },
  {
    key: 'maxmemory',
    label: '内存配置',
    children: !info.maxmemory || info.maxmemory === '0' ? '不限' : (info.maxmemory_human ?? info.maxmemory),
  },
  { key: 'aof', label: 'AOF 是否开启', children: yesNo(info.aof_enabled) },
  { key: 'rdb', label: 'RDB 是否成功', children: info.rdb_last_bgsave_status ?? '-' },
  { key: 'keys', label: 'Key 数量', children: dbSize },
  {
    key: 'network',
    label: '网络入口/出口',
    children: `${fixed(info.instantaneous_input_kbps)} kbps / ${fixed(info.instantaneous_output_kbps)} kbps`,
  },
];

const commandPie = ({ commandStats }: RedisMonitorInfo): RedisChartOption => {
  const sorted = [...commandStats].sort((a, b) => b.calls - a.calls);
  const rest = sorted.slice(TOP_COMMANDS).reduce((sum, s) => sum + s.calls, 0);
  const data = [
    ...sorted.slice(0, TOP_COMMANDS).map((s) => ({ name: s.command, value: s.calls })),
    ...(rest > 0 ? [{ name: '其他', value: rest }] : []),
  ];
  return {
    tooltip: { trigger: 'item', formatter: '{a}<br/>{b}：{c} 次（{d}%）' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        name: '命令',
        type: 'pie',
        roseType: 'radius',
        radius: ['15%', '60%'],
        center: ['50%', '45%'],
        data,
      },
    ],
  };
};

const MB = 1024 * 1024;

/** 1, 2 or 5 times a power of ten, at least `value`: a round end for the gauge's scale. */
const niceCeil = (value: number): number => {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
};

/**
 * What the gauge shows: with a memory limit, the share of it in use (%); without one, the memory in
 * use (MB) on a scale a little above the peak.
 */
export const memoryGaugeScale = (info: Record<string, string>) => {
  const used = Number(info.used_memory ?? 0);
  const limit = Number(info.maxmemory ?? 0);
  if (limit > 0)
    return { value: Math.min(100, Math.round((used / limit) * 1000) / 10), max: 100, unit: '%' as const };
  const peak = Math.max(used, Number(info.used_memory_peak ?? 0));
  return {
    value: Math.round((used / MB) * 100) / 100,
    max: niceCeil((peak / MB) * 1.2),
    unit: 'MB' as const,
  };
};

const memoryGauge = ({ info }: RedisMonitorInfo): RedisChartOption => {
  const { value, max, unit } = memoryGaugeScale(info);
  const used = info.used_memory_human ?? '-';
  return {
    tooltip: { formatter: `{a}<br/>{b}：${used}` },
    series: [
      {
        name: '内存消耗',
        type: 'gauge',
        min: 0,
        max,
        progress: { show: true, width: 12 },
        axisLine: { lineStyle: { width: 12 } },
        axisLabel: { distance: 18 },
        pointer: { length: '55%', width: 5 },
        title: { offsetCenter: [0, '72%'], fontSize: 13 },
        detail: {
          offsetCenter: [0, '45%'],
          fontSize: 18,
          formatter: unit === '%' ? `${used}（{value}%）` : used,
        },
        data: [
          {
            value,
            name: unit === '%' ? '占内存上限' : `单位 MB · 峰值 ${info.used_memory_peak_human ?? '-'}`,
          },
        ],
      },
    ],
  };
};

function NoRedis() {
  return (
    <Alert
      type="info"
      showIcon
      title="本服务器未启用 Redis"
      description={
        <>
          <p>
            服务器启动时没有设置环境变量 REDIS_URL，因此没有可监控的 Redis，单个实例的状态都保存在进程内。
          </p>
          <p>设置 REDIS_URL 后，以下内容经 Redis 在多个服务器实例之间共享，本页将显示它的运行状态：</p>
          <ul>
            {REDIS_USES.map((use) => (
              <li key={use}>{use}</li>
            ))}
          </ul>
        </>
      }
    />
  );
}

function Monitor({ data }: { data: RedisMonitorInfo }) {
  const pie = useMemo(() => commandPie(data), [data]);
  const gauge = useMemo(() => memoryGauge(data), [data]);
  return (
    <>
      <Card title="基本信息" size="small">
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={basics(data)} />
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title="命令统计" size="small">
            {data.commandStats.length > 0 ? (
              <EChart option={pie} label="命令统计饼图" height={360} />
            ) : (
              <Empty description="暂无命令统计" />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="内存信息" size="small">
            <EChart option={gauge} label="内存使用仪表盘" height={360} />
          </Card>
        </Col>
      </Row>
    </>
  );
}

/** Redis 监控 (menu component infra/redis/index): INFO of the server's Redis, or why there is none. */
export function RedisPage() {
  const monitor = useQuery({
    queryKey: queryKey(infraRedisGetMonitorInfo),
    queryFn: () => request(infraRedisGetMonitorInfo),
  });
  return (
    <div className="redis-page">
      <div className="redis-page__toolbar">
        <Button icon={<ReloadOutlined />} loading={monitor.isFetching} onClick={() => void monitor.refetch()}>
          刷新
        </Button>
      </div>
      {monitor.isPending ? (
        <Spin className="redis-page__loading" description="正在加载 Redis 监控信息…" />
      ) : monitor.data ? (
        <Monitor data={monitor.data} />
      ) : monitor.isError ? (
        <Empty description="加载失败，请刷新重试" />
      ) : (
        <NoRedis />
      )}
    </div>
  );
}
