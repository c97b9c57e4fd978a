import type { ServerMonitorInfo } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { formatBytes, formatUptime } from './format';
import ServerPage from './pages/infra/server';

const MB = 1024 * 1024;
const sample = (n: number): ServerMonitorInfo => ({
  sampleTime: 1_700_000_000_000 + n * 5000,
  windowSeconds: 5,
  instance: {
    hostname: 'app-1',
    pid: 4242,
    nodeVersion: 'v22.1.0',
    platform: 'linux',
    arch: 'x64',
    startTime: 1_700_000_000_000,
    uptimeSeconds: 3725,
  },
  cpu: { cores: 2, processPercent: 12.5 + n, machinePercent: 40, loadAverage: [0.5, 0.25, 0.1] },
  memory: {
    rss: 120 * MB,
    heapUsed: 60 * MB,
    heapTotal: 80 * MB,
    heapLimit: 2048 * MB,
    external: 3 * MB,
    arrayBuffers: MB,
    systemTotal: 4096 * MB,
    systemFree: 1024 * MB,
  },
  eventLoop: { p50Ms: 10.1, p99Ms: 12.34, maxMs: 20.5, meanMs: 10.4 },
  gc: { count: 3, totalMs: 4.5, maxMs: 2.25 },
  http: { windowSeconds: 60, requests: 120, perSecond: 2, p95Ms: 8.4 },
  database: { dialect: 'sqlite', sizeBytes: 5 * MB, walBytes: 512 * 1024, pool: null },
});

let answers = 0;
let failing = false;
const stub = stubPageTest((call) =>
  call.path.endsWith('/infra/server/get-monitor-info')
    ? failing
      ? fail(500, '系统异常')
      : ok(sample(answers++))
    : ok(null),
);

const setup = () =>
  renderPage(<ServerPage />, { permissions: ['infra:server:query'], path: '/infra/admin-server' });

const valueOf = (label: string) => screen.getByText(label).closest('th')?.nextElementSibling?.textContent;

describe('服务监控 page', { timeout: 30_000 }, () => {
  it('shows the instance, the gauges, the lines and the figures, and asks again every 5 s', async () => {
    answers = 0;
    failing = false;
    setup();
    expect(screen.getByText('正在加载服务监控信息…')).toBeInTheDocument();
    expect(await screen.findByText('主机名')).toBeInTheDocument();
    expect(valueOf('主机名')).toBe('app-1');
    expect(valueOf('进程号')).toBe('4242');
    expect(valueOf('运行时长')).toBe('1 小时 2 分');
    expect(valueOf('系统负载（1/5/15 分）')).toBe('0.5 / 0.25 / 0.1');
    expect(valueOf('堆内存（已用/已分配）')).toBe('60.0 MB / 80.0 MB');
    expect(valueOf('事件循环延迟（近 5 秒 p50/p99/最大）')).toBe('10.1 ms / 12.34 ms / 20.5 ms');
    expect(valueOf('垃圾回收（近 5 秒）')).toBe('3 次，共停顿 4.5 ms，最长 2.25 ms');
    expect(valueOf('接口请求（近 60 秒）')).toBe('2.00 次/秒，共 120 次，p95 8.4 ms');
    expect(valueOf('数据库')).toBe('SQLite');
    expect(valueOf('预写日志（WAL）')).toBe('512.0 KB');
    expect(screen.getByRole('img', { name: '进程 CPU 仪表盘：12.5%，整机 40%' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^堆内存仪表盘：已用 60.0 MB，占上限 2.9%/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'CPU 使用率折线图：最近 1 次采样' })).toBeInTheDocument();
    expect(screen.getByText(/运行多个实例时，本页只显示其中之一/)).toBeInTheDocument();

    // The next poll adds a sample to the lines.
    await waitFor(
      () => expect(screen.getByRole('img', { name: 'CPU 使用率折线图：最近 2 次采样' })).toBeInTheDocument(),
      {
        timeout: 8000,
      },
    );
    expect(screen.getByRole('img', { name: '进程 CPU 仪表盘：13.5%，整机 40%' })).toBeInTheDocument();
    expect(stub.callsTo('/infra/server/get-monitor-info').length).toBeGreaterThanOrEqual(2);
  });

  it('says so when the figures cannot be loaded', async () => {
    failing = true;
    setup();
    expect(await screen.findByText('加载失败，请刷新重试')).toBeInTheDocument();
    expect(within(document.body).queryByText('主机名')).not.toBeInTheDocument();
  });

  it('formats sizes and uptimes', () => {
    expect(formatBytes(null)).toBe('-');
    expect(formatBytes(12)).toBe('12 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatUptime(42)).toBe('42 秒');
    expect(formatUptime(93784)).toBe('1 天 2 小时 3 分');
  });
});
