import { loadDicts, useDictStore } from '../../shared/dict';

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
