import { alipayChannel } from './alipay.js';
import type { RemoteChannelFactory } from './remote.js';
import { wechatChannel } from './wechat.js';

/** The client of a provider's channel, by pay_channel_code. */
export const remoteChannel: RemoteChannelFactory = (code, config) => {
  if (code.startsWith('alipay_')) return alipayChannel(code as Parameters<typeof alipayChannel>[0], config);
  if (code.startsWith('wx_')) return wechatChannel(code as Parameters<typeof wechatChannel>[0], config);
  throw new Error(`没有渠道 ${code} 的客户端`);
};
