import { DICT_TYPE, smsChannelListAllSimple } from '@app/contract';
import type { SmsChannelSimple } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { getDictLabel } from '../../shared/dict';
import { request } from '../../shared/request';

/** Query key prefix of everything about channels; channel changes invalidate it. */
export const SMS_CHANNEL_KEY = 'system-sms-channel';

/** All channels, for the drop-downs of the template and log pages. */
export const useSmsChannelOptions = () => {
  const channels = useQuery({
    queryKey: [SMS_CHANNEL_KEY, 'simple'],
    queryFn: () => request(smsChannelListAllSimple),
  });
  const list: readonly SmsChannelSimple[] = channels.data ?? [];
  return {
    channels: list,
    options: list.map((c) => ({ value: c.id, label: channelLabel(c) })),
    signatureOf: (id: number) => list.find((c) => c.id === id)?.signature ?? `找不到签名：${id}`,
  };
};

/** '签名【渠道】', as the reference lists channels. */
export const channelLabel = (channel: SmsChannelSimple): string =>
  `${channel.signature}【${getDictLabel(DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE, channel.code) || channel.code}】`;
