import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { loadDicts, useDictStore } from '../../shared/dict';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const formatTime = (ms: number | null | undefined): string =>
  ms ? dayjs(ms).format(TIME_FORMAT) : '';

/** A date range picker's value as the reference's createTime range (start of the first day, end of the last). */
export const toTimeRange = (
  range: [Dayjs | null, Dayjs | null] | null | undefined,
): [string, string] | undefined => {
  const [from, to] = range ?? [];
  return from && to
    ? [from.startOf('day').format(TIME_FORMAT), to.endOf('day').format(TIME_FORMAT)]
    : undefined;
};

/** Reloads the dictionary store after a change, so tags and selects everywhere show it. */
export const refreshDictStore = async (): Promise<void> => {
  useDictStore.getState().reset();
  await loadDicts({ showError: false });
};

/** The tag colours a dictionary item may use (Element UI tag types, shown as antd colours). */
export const COLOR_TYPE_OPTIONS = [
  { value: 'default', label: '默认(default)' },
  { value: 'primary', label: '主要(primary)' },
  { value: 'success', label: '成功(success)' },
  { value: 'info', label: '信息(info)' },
  { value: 'warning', label: '警告(warning)' },
  { value: 'danger', label: '危险(danger)' },
];
