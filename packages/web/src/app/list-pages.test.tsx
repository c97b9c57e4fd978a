import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSessionStore } from '../shared/session/session-store';
import { mockFeedback, ok, stubHttp } from '../test/http-stub';
import type { StubCall } from '../test/http-stub';
import { renderPage } from '../test/render-page';
import { PAGE_MAP } from './page-map';

/** Menu pages that show no paged list, and why. */
const NOT_PAGED: Record<string, string> = {
  'system/dept/index': 'a tree of every department',
  'system/menu/index': 'a tree of every menu',
  'system/area/index': 'the region tree, as one list',
  'infra/dataSourceConfig/index': 'every data source, as the reference lists them without paging',
  'infra/demo02/index': 'the 示例分类 tree (made by 代码生成), as one list',
  'mall/product/category/index': 'the two-level category tree, as one list',
  'bpm/model/design': 'the process designer',
  'infra/build/index': 'the form designer',
  'infra/redis/index': "the Redis server's figures",
  'infra/server/index': "this server's process, machine and request figures (服务监控)",
  'infra/druid/index': 'every statement shape since start or 重置, sorted on the page (数据库监控)',
  'infra/swagger/index': 'the API document viewer',
  'infra/webSocket/index': 'a WebSocket connection and the messages it received',
  'exp/price-query/index': 'a parcel form and what each freight template charges for it (运费查询)',
};

const TOTAL = 45;
const isPageCall = (call: StubCall) => /page$/.test(call.path.split('/').at(-1) ?? '');

let stub: ReturnType<typeof stubHttp>;

beforeAll(() => {
  mockFeedback();
  useSessionStore.setState({ roles: ['super_admin'], permissions: ['*:*:*'] });
  // Any paged endpoint answers an empty page of 45 rows; everything else an empty list.
  stub = stubHttp((call) => (isPageCall(call) ? ok({ list: [], total: TOTAL }) : ok([])));
});

afterAll(() => {
  stub.restore();
  useSessionStore.getState().reset();
});

/**
 * Every list page of the menus asks its endpoint for the page it shows: page 1 of 20 rows on opening,
 * and its pager shows the total the endpoint answered.
 */
describe('every menu list page', { timeout: 60_000 }, () => {
  const pages = Object.keys(PAGE_MAP)
    .filter((key) => !(key in NOT_PAGED))
    .sort();

  it('covers the menu pages', () => {
    expect(pages.length).toBeGreaterThan(25);
    for (const key of Object.keys(NOT_PAGED)) expect(PAGE_MAP).toHaveProperty([key]);
  });

  it.each(pages)('%s sends pageNo=1&pageSize=20 and shows the total', async (key) => {
    const Page = (await PAGE_MAP[key]!()).default;
    const before = stub.calls.length;
    const { view } = renderPage(<Page />, { path: '/list' });
    await waitFor(() => expect(stub.calls.slice(before).some(isPageCall)).toBe(true));
    const first = stub.calls.slice(before).find(isPageCall)!;
    expect(first.query.get('pageNo')).toBe('1');
    expect(first.query.get('pageSize')).toBe('20');
    expect(await screen.findByText(`共 ${TOTAL} 条`)).toBeInTheDocument();
    view.unmount();
  });
});
