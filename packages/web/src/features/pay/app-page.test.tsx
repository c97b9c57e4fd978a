import type { PayAppPageItem, PayChannel } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import PayAppPage from './pages/pay/app';
import { PAY_CREATED, PAY_DICTS } from './pay-fixtures';

const app = (id: number, name: string, channelCodes: string[], status = 0): PayAppPageItem => ({
  id,
  name,
  status,
  remark: null,
  orderNotifyUrl: `https://shop.example.com/${id}/pay-notify`,
  refundNotifyUrl: `https://shop.example.com/${id}/refund-notify`,
  createTime: PAY_CREATED,
  channelCodes,
});
const APPS = [app(1, '商城', ['alipay_pc', 'mock']), app(2, '会员', [], 1)];

/** The channel `GET /pay/channel/get` answers, by code (none: not configured). */
let channels: Record<string, PayChannel> = {};
beforeEach(() => {
  channels = {};
});

const stub = stubPageTest(
  (call) => {
    const { path } = call;
    if (path.endsWith('/pay/app/page')) return ok({ list: APPS, total: APPS.length });
    if (path.endsWith('/pay/app/get')) return ok(APPS.find((a) => a.id === Number(call.query.get('id'))));
    if (path.endsWith('/pay/channel/get')) return ok(channels[call.query.get('code') ?? ''] ?? null);
    if (path.endsWith('/create')) return ok(9);
    return ok(true);
  },
  { dicts: PAY_DICTS },
);

const ALL = ['pay:app:query', 'pay:app:create', 'pay:app:update', 'pay:app:delete'];
const setup = (permissions = ALL) => renderPage(<PayAppPage />, { permissions, path: '/pay/app' }).user;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const searchForm = () => screen.getByRole('form', { name: '搜索条件' });
const okButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定/ });
/** The open dialog, once it shows this title. */
const dialogTitled = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return dialog;
};
const choose = async (user: UserEvent, label: string) => {
  const option = () =>
    [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === label,
    );
  await waitFor(() => expect(option()).toBeDefined());
  await user.click(option()!);
};
const pagesAsked = () => stub.callsTo('/pay/app/page').length;

describe('应用信息', { timeout: 30_000 }, () => {
  it('lists the apps with a configured or missing mark per channel', async () => {
    setup();
    const row = await rowOf('商城');
    expect(within(row).getByRole('button', { name: '支付宝 PC 网站支付：已配置' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '模拟支付：已配置' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '支付宝 App 支付：未配置' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '微信公众号支付：未配置' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '钱包支付：未配置' })).toBeInTheDocument();
    const other = await rowOf('会员');
    expect(within(other).getAllByRole('button', { name: /：未配置$/ })).toHaveLength(12);
    expect(within(other).getByRole('switch', { name: '会员的开启状态' })).not.toBeChecked();
    for (const group of ['支付宝配置', '微信配置', '模拟支付配置', '钱包支付配置'])
      expect(screen.getByRole('columnheader', { name: group })).toBeInTheDocument();
  });

  it('searches by name and status', async () => {
    const user = setup();
    await rowOf('商城');
    await user.type(within(searchForm()).getByLabelText('应用名'), '商');
    await user.click(within(searchForm()).getByRole('combobox', { name: '开启状态' }));
    await choose(user, '关闭');
    await user.click(within(searchForm()).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(stub.callsTo('/pay/app/page').at(-1)?.query.get('name')).toBe('商'));
    expect(stub.callsTo('/pay/app/page').at(-1)?.query.get('status')).toBe('1');
  });

  it('checks the callback addresses, then creates an app', async () => {
    const user = setup();
    await rowOf('商城');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await dialogTitled('添加支付应用');
    await user.type(within(dialog).getByLabelText('应用名'), '小程序');
    await user.type(within(dialog).getByLabelText('支付结果的回调地址'), 'shop.example.com/pay');
    await user.click(okButton(dialog));
    expect(
      await within(dialog).findByText('支付结果的回调地址必须是 http 或 https 地址'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('退款结果的回调地址不能为空')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('支付结果的回调地址'));
    await user.type(within(dialog).getByLabelText('支付结果的回调地址'), 'https://shop.example.com/pay');
    await user.type(within(dialog).getByLabelText('退款结果的回调地址'), 'https://shop.example.com/refund');
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/pay/app/create')).toHaveLength(1));
    expect(stub.callsTo('/pay/app/create')[0]!.body).toEqual({
      name: '小程序',
      status: 0,
      orderNotifyUrl: 'https://shop.example.com/pay',
      refundNotifyUrl: 'https://shop.example.com/refund',
    });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('stops an app after the confirmation, sending its id and status as JSON', async () => {
    const user = setup();
    const row = await rowOf('商城');
    await user.click(within(row).getByRole('switch', { name: '商城的开启状态' }));
    const question = await screen.findByText('确认要"停用""商城"应用吗?');
    await user.click(
      within(question.closest<HTMLElement>('.ant-modal')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(stub.callsTo('/pay/app/update-status')).toHaveLength(1));
    expect(stub.callsTo('/pay/app/update-status')[0]!.method).toBe('PUT');
    expect(stub.callsTo('/pay/app/update-status')[0]!.body).toEqual({ id: 1, status: 1 });
  });

  it('configures 支付宝 with keys: the configuration travels as a JSON string', async () => {
    const user = setup();
    const row = await rowOf('商城');
    await user.click(within(row).getByRole('button', { name: '支付宝 App 支付：未配置' }));
    const dialog = await dialogTitled('支付宝 App 支付 · 渠道配置');
    await waitFor(() => expect(stub.callsTo('/pay/channel/get')).toHaveLength(1));
    expect(Object.fromEntries(stub.callsTo('/pay/channel/get')[0]!.query)).toEqual({
      appId: '1',
      code: 'alipay_app',
    });
    // 公钥模式 is the default: no certificate fields.
    expect(within(dialog).getByRole('radio', { name: '公钥模式' })).toBeChecked();
    expect(within(dialog).queryByLabelText('根证书')).not.toBeInTheDocument();

    await user.click(okButton(dialog));
    expect(await within(dialog).findByText('渠道费率不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('开放平台 APPID不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('支付宝公钥不能为空')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('渠道费率'), '0.6');
    await user.type(within(dialog).getByLabelText('开放平台 APPID'), '2021000000000001');
    await user.click(within(dialog).getByRole('radio', { name: '沙箱环境' }));
    await user.type(within(dialog).getByLabelText('应用私钥'), 'MIIEvQ-private');
    await user.type(within(dialog).getByLabelText('支付宝公钥'), 'MIIBIj-public');
    const before = pagesAsked();
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/pay/channel/create')).toHaveLength(1));
    const { config, ...body } = stub.callsTo('/pay/channel/create')[0]!.body as { config: string };
    expect(body).toEqual({ appId: 1, code: 'alipay_app', status: 0, feeRate: 0.6 });
    expect(typeof config).toBe('string');
    expect(JSON.parse(config)).toEqual({
      appId: '2021000000000001',
      serverUrl: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
      signType: 'RSA2',
      mode: 1,
      privateKey: 'MIIEvQ-private',
      alipayPublicKey: 'MIIBIj-public',
    });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    // The list reloads, so the cell turns green once the server says so.
    await waitFor(() => expect(pagesAsked()).toBeGreaterThan(before));
  });

  it('configures 模拟支付 with its status and remark only', async () => {
    const user = setup();
    const row = await rowOf('会员');
    await user.click(within(row).getByRole('button', { name: '模拟支付：未配置' }));
    const dialog = await dialogTitled('模拟支付 · 渠道配置');
    await waitFor(() => expect(stub.callsTo('/pay/channel/get')).toHaveLength(1));
    expect(within(dialog).queryByLabelText('渠道费率')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '关闭' }));
    await user.type(within(dialog).getByLabelText('备注'), '测试用');
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/pay/channel/create')).toHaveLength(1));
    expect(stub.callsTo('/pay/channel/create')[0]!.body).toEqual({
      appId: 2,
      code: 'mock',
      status: 1,
      feeRate: 0,
      remark: '测试用',
      config: '{}',
    });
  });

  it('updates 支付宝 with certificates: masked secrets go back as they came, a file fills its field', async () => {
    channels.alipay_pc = {
      id: 31,
      appId: 1,
      code: 'alipay_pc',
      status: 0,
      feeRate: 0.38,
      remark: null,
      createTime: PAY_CREATED,
      config: JSON.stringify({
        appId: '2021000000000002',
        serverUrl: 'https://openapi.alipay.com/gateway.do',
        signType: 'RSA2',
        mode: 2,
        privateKey: '******abcd',
        appCertContent: 'APP-CERT',
        alipayPublicCertContent: 'ALIPAY-CERT',
        rootCertContent: 'OLD-ROOT',
      }),
    };
    const user = setup();
    const row = await rowOf('商城');
    await user.click(within(row).getByRole('button', { name: '支付宝 PC 网站支付：已配置' }));
    const dialog = await dialogTitled('支付宝 PC 网站支付 · 渠道配置');
    await waitFor(() => expect(within(dialog).getByLabelText('应用私钥')).toHaveValue('******abcd'));
    expect(within(dialog).getByRole('radio', { name: '证书模式' })).toBeChecked();
    expect(within(dialog).queryByLabelText('支付宝公钥')).not.toBeInTheDocument();

    const root = new File(['-----BEGIN CERTIFICATE-----\nROOT\n'], 'alipayRootCert.crt');
    await user.upload(within(dialog).getByLabelText('选择根证书文件'), root);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('根证书')).toHaveValue('-----BEGIN CERTIFICATE-----\nROOT\n'),
    );
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/pay/channel/update')).toHaveLength(1));
    const { config, ...body } = stub.callsTo('/pay/channel/update')[0]!.body as { config: string };
    expect(body).toEqual({ id: 31, status: 0, feeRate: 0.38, remark: null });
    expect(JSON.parse(config)).toEqual({
      appId: '2021000000000002',
      serverUrl: 'https://openapi.alipay.com/gateway.do',
      signType: 'RSA2',
      mode: 2,
      privateKey: '******abcd',
      appCertContent: 'APP-CERT',
      alipayPublicCertContent: 'ALIPAY-CERT',
      rootCertContent: '-----BEGIN CERTIFICATE-----\nROOT\n',
    });
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
  });

  it('configures 微信 v2 with its .p12 certificate read as base64', async () => {
    const user = setup();
    const row = await rowOf('商城');
    await user.click(within(row).getByRole('button', { name: '微信公众号支付：未配置' }));
    const dialog = await dialogTitled('微信公众号支付 · 渠道配置');
    await waitFor(() => expect(stub.callsTo('/pay/channel/get')).toHaveLength(1));
    await user.type(within(dialog).getByLabelText('渠道费率'), '1');
    await user.type(within(dialog).getByLabelText('公众号 APPID'), 'wx0001');
    await user.type(within(dialog).getByLabelText('商户号'), '1600000001');
    await user.click(within(dialog).getByRole('radio', { name: 'v2' }));
    await user.type(within(dialog).getByLabelText('商户密钥'), 'mch-key');
    const p12 = new File([new Uint8Array([0, 1, 2, 250, 255])], 'apiclient_cert.p12');
    await user.upload(within(dialog).getByLabelText('选择apiclient_cert.p12 证书文件'), p12);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('apiclient_cert.p12 证书')).toHaveValue('AAEC+v8='),
    );
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/pay/channel/create')).toHaveLength(1));
    const { config } = stub.callsTo('/pay/channel/create')[0]!.body as { config: string };
    expect(JSON.parse(config)).toEqual({
      appId: 'wx0001',
      mchId: '1600000001',
      apiVersion: 'v2',
      mchKey: 'mch-key',
      keyContent: 'AAEC+v8=',
    });
  });

  it('shows the list without actions to a user who may only query', async () => {
    setup(['pay:app:query']);
    const row = await rowOf('商城');
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /修改|删除/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: '商城的开启状态' })).toBeDisabled();
  });
});
