import type { RedisMonitorInfo } from '@app/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import RedisPage from './pages/infra/redis';
import { memoryGaugeScale } from './redis-page';

const monitor: RedisMonitorInfo = {
  info: {
    redis_version: '7.2.4',
    redis_mode: 'standalone',
    tcp_port: '6379',
    connected_clients: '3',
    uptime_in_days: '12',
    used_memory: '1048576',
    used_memory_human: '1.00M',
    used_cpu_user: '1.5',
    used_cpu_sys: '0.25',
    maxmemory: '0',
    total_system_memory: '4194304',
    aof_enabled: '1',
    rdb_last_bgsave_status: 'ok',
    instantaneous_input_kbps: '0.5',
    instantaneous_output_kbps: '1.25',
  },
  dbSize: 42,
  commandStats: [
    { command: 'get', calls: 30, usec: 120 },
    { command: 'set', calls: 12, usec: 60 },
  ],
};

let answer: RedisMonitorInfo | null = monitor;
const stub = stubPageTest((call) =>
  call.path.endsWith('/infra/redis/get-monitor-info') ? ok(answer) : ok(null),
);

const setup = () =>
  renderPage(<RedisPage />, { permissions: ['infra:redis:get-monitor-info'], path: '/infra/redis' });

describe('Redis page', { timeout: 30_000 }, () => {
  it('shows the basics, the command pie and the memory gauge', async () => {
    answer = monitor;
    setup();
    const basics = (await screen.findByText('Redis 版本')).closest('table')!;
    const value = (label: string) =>
      within(basics).getByText(label).closest('th')?.nextElementSibling?.textContent;
    expect(value('Redis 版本')).toBe('7.2.4');
    expect(value('运行模式')).toBe('单机');
    expect(value('端口')).toBe('6379');
    expect(value('客户端数')).toBe('3');
    expect(value('运行时间（天）')).toBe('12');
    expect(value('使用内存')).toBe('1.00M');
    expect(value('使用 CPU（秒）')).toBe('1.75');
    expect(value('内存配置')).toBe('不限');
    expect(value('AOF 是否开启')).toBe('是');
    expect(value('RDB 是否成功')).toBe('ok');
    expect(value('Key 数量')).toBe('42');
    expect(value('网络入口/出口')).toBe('0.50 kbps / 1.25 kbps');
    expect(screen.getByRole('img', { name: '命令统计饼图' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '内存使用仪表盘' })).toBeInTheDocument();
    expect(screen.queryByText('本服务器未启用 Redis')).not.toBeInTheDocument();
    expect(stub.callsTo('/infra/redis/get-monitor-info')).toHaveLength(1);
  });

  it('explains what Redis is for when the server runs without it', async () => {
    answer = null;
    setup();
    expect(await screen.findByText('本服务器未启用 Redis')).toBeInTheDocument();
    expect(screen.getByText(/没有设置环境变量 REDIS_URL/)).toBeInTheDocument();
    expect(screen.getByText(/访问令牌的缓存与吊销/)).toBeInTheDocument();
    expect(screen.getByText(/WebSocket 消息/)).toBeInTheDocument();
    expect(screen.queryByText('基本信息')).not.toBeInTheDocument();
  });

  it('measures memory against the limit, or in MB below a round scale without one', () => {
    expect(memoryGaugeScale({ used_memory: '50', maxmemory: '200' })).toEqual({
      value: 25,
      max: 100,
      unit: '%',
    });
    const mb = 1024 * 1024;
    expect(
      memoryGaugeScale({ used_memory: String(1.5 * mb), maxmemory: '0', used_memory_peak: String(3 * mb) }),
    ).toEqual({ value: 1.5, max: 5, unit: 'MB' });
    expect(memoryGaugeScale({ used_memory: String(300 * mb) })).toEqual({ value: 300, max: 500, unit: 'MB' });
  });
});
