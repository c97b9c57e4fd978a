import { aliyunClient } from './aliyun.js';
import type { SmsChannelConfig, SmsClient, SmsClientDeps } from './client.js';
import { debugClient } from './debug.js';
import { tencentClient } from './tencent.js';

export type { SmsChannelConfig, SmsClient, SmsSendRequest, SmsSendResult } from './client.js';

/** The client of a channel by its code (dictionary system_sms_channel_code); null for an unknown code. */
export const smsClientFor = (channel: SmsChannelConfig, deps: SmsClientDeps): SmsClient | null => {
  switch (channel.code) {
    case 'DEBUG_DING_TALK':
      return debugClient();
    case 'ALIYUN':
      return aliyunClient(channel, deps);
    case 'TENCENT':
      return tencentClient(channel, deps);
    default:
      return null;
  }
};
