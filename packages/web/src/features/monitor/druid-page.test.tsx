import type { SqlStatementStat, SqlStatementStats } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import DruidPage from './pages/infra/druid';

const stat = (sql: string, count: number, totalMs: number, maxMs: number): SqlStatementStat => ({
  sql,
  count,
  errors: 0,
  totalMs,
  maxMs,
  avgMs: totalMs / count,
  rows: count * 2,
  lastTime: 1_700_000_000_000,
});

const FULL: SqlStatementStats = {
  dialect: 'sqlite',
  since: 1_700_000_000_000,
  limit: 2000,
  dropped: 0,
  list: [
    stat('select "id" from "system_menu" where "deleted" = ?', 3, 30, 20),
    stat('select "id" from "system_users" where "id" in (?, …)', 50, 10, 1),
  ],
};

let answer = FULL;
const stub = stubPageTest((call) => {
  if (call.path.endsWith('/infra/druid/reset-sql-stats')) {
    answer = { ...FULL, list: [] };
    return ok(true);
  }
  return call.path.endsWith('/infra/druid/get-sql-stats') ? ok(answer) : ok(null);
});

const setup = (permissions = ['infra:druid:query', 'infra:druid:reset']) => {
  renderPage(<DruidPage />, { permissions, path: '/infra/druid' });
  return userEvent.setup();
};

const sqlColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('数据库监控 page', { timeout: 30_000 }, () => {
  it('lists the shapes slowest first, sorts by count, and clears them on 重置 after asking', async () => {
    answer = FULL;
    const user = setup();
    expect(await screen.findByText('select "id" from "system_menu" where "deleted" = ?')).toBeInTheDocument();
    expect(sqlColumn()).toEqual([FULL.list[0]!.sql, FULL.list[1]!.sql]);
    const menuRow = screen.getByText(FULL.list[0]!.sql).closest('tr')!;
    expect(within(menuRow).getByText('30 ms')).toBeInTheDocument();
    expect(within(menuRow).getByText('10 ms')).toBeInTheDocument();
    expect(within(menuRow).getByText('6')).toBeInTheDocument();
    expect(screen.getByText('共 2 种语句')).toBeInTheDocument();
    expect(screen.getByText(/按语句形态合并，参数值以 \? 表示/)).toBeInTheDocument();

    await user.click(screen.getByText('执行次数'));
    expect(sqlColumn()).toEqual([FULL.list[1]!.sql, FULL.list[0]!.sql]);

    await user.click(screen.getByRole('button', { name: /重置/ }));
    expect(await screen.findByText('是否确认清空全部 SQL 统计数据?')).toBeInTheDocument();
    expect(screen.getAllByText('系统提示').length).toBeGreaterThan(0);
    await user.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    await waitFor(() => expect(stub.callsTo('/infra/druid/reset-sql-stats')).toHaveLength(1));
    expect(stub.callsTo('/infra/druid/reset-sql-stats')[0]!.method.toUpperCase()).toBe('POST');
    expect(await screen.findByText('暂无 SQL 统计')).toBeInTheDocument();
    expect(stub.callsTo('/infra/druid/get-sql-stats').length).toBeGreaterThanOrEqual(2);
  });

  it('hides 重置 without its permission and warns when shapes were dropped', async () => {
    answer = { ...FULL, dropped: 7 };
    setup(['infra:druid:query']);
    expect(await screen.findByText(/其后新出现形态的 7 次执行未计入/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重置/ })).not.toBeInTheDocument();
  });
});
