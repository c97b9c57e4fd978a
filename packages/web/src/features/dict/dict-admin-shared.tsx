import { DICT_TYPE } from '@app/contract';
import { StatusSwitch } from '../../shared/crud';
import type { StatusSwitchProps } from '../../shared/crud';
import { loadDicts, useDictStore } from '../../shared/dict';
import { DictTag } from '../../shared/ui/dict-tag';

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

/** A type's or item's 状态: a switch that also reloads the dictionary store, or a tag for those who may not change it. */
export function DictStatusSwitch({ editable, save, ...props }: StatusSwitchProps & { editable: boolean }) {
  if (!editable) return <DictTag type={DICT_TYPE.COMMON_STATUS} value={props.status} />;
  return <StatusSwitch {...props} save={(status) => save(status).then(refreshDictStore)} />;
}
