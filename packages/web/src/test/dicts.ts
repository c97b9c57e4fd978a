import type { DictDataSimple } from '@app/contract';

/** One dictionary entry as the server lists it. */
export const dict = (
  dictType: string,
  value: string,
  label: string,
  colorType = 'primary',
): DictDataSimple => ({
  dictType,
  value,
  label,
  colorType,
  cssClass: '',
});

/** Entries of `dictType` valued 1, 2, … in the order of `labels`. */
export const numbered = (dictType: string, labels: string[], colorType = 'primary') =>
  labels.map((label, index) => dict(dictType, String(index + 1), label, colorType));

export const COMMON_STATUS = [dict('common_status', '0', '开启'), dict('common_status', '1', '关闭', 'info')];

export const BOOLEAN_STRING = [
  dict('infra_boolean_string', 'true', '是', 'danger'),
  dict('infra_boolean_string', 'false', '否', 'info'),
];

export const BPM_INSTANCE_STATUS = [
  dict('bpm_process_instance_status', '1', '进行中'),
  dict('bpm_process_instance_status', '2', '已完成', 'success'),
];

export const BPM_INSTANCE_RESULT = numbered('bpm_process_instance_result', [
  '处理中',
  '通过',
  '不通过',
  '已取消',
  '退回',
  '委派',
  '待后加签任务完成',
  '待前加签任务完成',
]);

export const NOTIFY_TEMPLATE_TYPE = [
  dict('system_notify_template_type', '1', '通知公告'),
  dict('system_notify_template_type', '2', '系统消息', 'success'),
];
