import type { PayChannelCode } from '@app/contract';

/** A channel as the app list shows it: its column's title inside its group, and its full name. */
export interface ChannelColumn {
  code: PayChannelCode;
  title: string;
  name: string;
}

/** The app list's channel column groups, in the reference's order (names as the dictionary pay_channel_code). */
export const CHANNEL_GROUPS: readonly { title: string; channels: readonly ChannelColumn[] }[] = [
  {
    title: '支付宝配置',
    channels: [
      { code: 'alipay_app', title: 'APP 支付', name: '支付宝 App 支付' },
      { code: 'alipay_pc', title: 'PC 网站支付', name: '支付宝 PC 网站支付' },
      { code: 'alipay_wap', title: 'WAP 网站支付', name: '支付宝 Wap 网站支付' },
      { code: 'alipay_qr', title: '扫码支付', name: '支付宝扫码支付' },
      { code: 'alipay_bar', title: '条码支付', name: '支付宝条码支付' },
    ],
  },
  {
    title: '微信配置',
    channels: [
      { code: 'wx_lite', title: '小程序支付', name: '微信小程序支付' },
      { code: 'wx_pub', title: 'JSAPI 支付', name: '微信公众号支付' },
      { code: 'wx_app', title: 'APP 支付', name: '微信 App 支付' },
      { code: 'wx_native', title: '扫码支付', name: '微信扫码支付' },
      { code: 'wx_bar', title: '条码支付', name: '微信条码支付' },
    ],
  },
  { title: '模拟支付配置', channels: [{ code: 'mock', title: '模拟支付', name: '模拟支付' }] },
  { title: '钱包支付配置', channels: [{ code: 'wallet', title: '钱包支付', name: '钱包支付' }] },
];

/** The full name of a channel ('支付宝 PC 网站支付'). */
export const channelName = (code: PayChannelCode): string =>
  CHANNEL_GROUPS.flatMap((group) => group.channels).find((channel) => channel.code === code)?.name ?? code;

/** Which of the three forms configures a channel. */
export type ChannelForm = 'alipay' | 'wx' | 'plain';
export const channelFormOf = (code: PayChannelCode): ChannelForm =>
  code.startsWith('alipay_') ? 'alipay' : code.startsWith('wx_') ? 'wx' : 'plain';

/** 支付宝's gateways (网关地址). */
export const ALIPAY_SERVER_URLS = {
  online: 'https://openapi.alipay.com/gateway.do',
  sandbox: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
} as const;

/** 公钥类型 of 支付宝: keys, or certificates. */
export const ALIPAY_MODE = { KEY: 1, CERT: 2 } as const;
