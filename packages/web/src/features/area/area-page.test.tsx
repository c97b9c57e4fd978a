import type { AreaNode } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import AreaPage from './pages/system/area';

const tree: AreaNode[] = [
  {
    id: 110000,
    name: '北京市',
    children: [
      {
        id: 110100,
        name: '北京市',
        children: [
          { id: 110101, name: '东城区' },
          { id: 110102, name: '西城区' },
        ],
      },
    ],
  },
  { id: 810000, name: '香港特别行政区' },
];

const stub = stubPageTest((call) => {
  if (call.path.endsWith('/system/area/tree')) return ok(tree);
  if (call.path.endsWith('/system/area/get-by-ip'))
    return ok(call.query.get('ip') === '202.96.209.133' ? '上海市 上海市' : null);
  return ok(null);
});

// The console's locale, which names the row expanders (展开行 / 关闭行).
const setup = () =>
  renderPage(
    <ConfigProvider locale={zhCN}>
      <AreaPage />
    </ConfigProvider>,
    { permissions: [], path: '/system/area' },
  ).user;

describe('area page', { timeout: 30_000 }, () => {
  it('shows the provinces collapsed and opens a branch', async () => {
    const user = setup();
    const beijing = (await screen.findByText('110000')).closest('tr')!;
    expect(within(beijing).getByText('北京市')).toBeInTheDocument();
    expect(screen.getByText('香港特别行政区')).toBeInTheDocument();
    expect(screen.queryByText('东城区')).not.toBeInTheDocument();
    await user.click(within(beijing).getByRole('button', { name: '展开行' }));
    const city = (await screen.findByText('110100')).closest('tr')!;
    await user.click(within(city).getByRole('button', { name: '展开行' }));
    expect(await screen.findByText('东城区')).toBeInTheDocument();
  });

  it('opens and closes every branch at once', async () => {
    const user = setup();
    await screen.findByText('110000');
    await user.click(screen.getByRole('button', { name: /展开\/折叠/ }));
    expect(await screen.findByText('西城区')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /展开\/折叠/ }));
    await waitFor(() => expect(screen.queryByText('西城区')).not.toBeInTheDocument());
  });

  it('checks the address, then shows its region or 未知', async () => {
    const user = setup();
    await screen.findByText('110000');
    await user.click(screen.getByRole('button', { name: /IP 查询/ }));
    const dialog = await screen.findByRole('dialog', { name: 'IP 查询' });
    const ip = within(dialog).getByLabelText('IP');
    const result = within(dialog).getByLabelText('地址');
    const query = within(dialog).getByRole('button', { name: /查\s*询/ });

    await user.click(query);
    expect(await within(dialog).findByText('IP 地址不能为空')).toBeInTheDocument();
    for (const bad of ['300.1.1.1', '1.2.3', '2001:::1', 'abc']) {
      await user.clear(ip);
      await user.type(ip, bad);
      await user.click(query);
      expect(await within(dialog).findByText('IP 地址格式不正确')).toBeInTheDocument();
    }
    expect(stub.callsTo('/get-by-ip')).toHaveLength(0);

    await user.clear(ip);
    await user.type(ip, '202.96.209.133');
    await user.click(query);
    await waitFor(() => expect(result).toHaveValue('上海市 上海市'));
    expect(result).toHaveAttribute('readonly');
    expect(stub.callsTo('/get-by-ip')[0]!.query.get('ip')).toBe('202.96.209.133');

    await user.clear(ip);
    await user.type(ip, 'fe80::1');
    await user.click(query);
    await waitFor(() => expect(result).toHaveValue('未知'));
    expect(stub.callsTo('/get-by-ip')[1]!.query.get('ip')).toBe('fe80::1');
  });
});
