import { DICT_TYPE, smsChannelListAllSimple } from '@app/contract';
import type { SmsChannelSimple } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryKey } from '../../shared/crud';
import { getDictLabel } from '../../shared/dict';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';

/** All channels, for the drop-downs of the template and log pages (a channel change refreshes them). */
export const useSmsChannelOptions = () => {
  const channels = useQuery({
    queryKey: queryKey(smsChannelListAllSimple),
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

const LINES_STYLE = { display: 'flex', flexDirection: 'column', gap: 4, alignItems: 'center' } as const;
const MUTED_STYLE = { color: 'var(--ant-color-text-secondary, rgba(0, 0, 0, 0.45))', fontSize: 12 } as const;

/** A table cell of stacked lines (a value above its detail). */
export const CellLines = ({ children }: { children: ReactNode }) => <div style={LINES_STYLE}>{children}</div>;

/** A secondary line of a cell, e.g. the time under a status. */
export const Muted = ({ children }: { children: ReactNode }) => <span style={MUTED_STYLE}>{children}</span>;

/** The channel's signature above its code. */
export const ChannelCell = ({ signature, code }: { signature: string; code: string }) => (
  <CellLines>
    <span>{signature}</span>
    <DictTag type={DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE} value={code} />
  </CellLines>
);
