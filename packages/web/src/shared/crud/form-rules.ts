import type { FormRule } from 'antd';

/** '状态不能为空': a value must be chosen or entered. */
export const required = (label: string): FormRule[] => [{ required: true, message: `${label}不能为空` }];

/** '备注长度不能超过 500 个字符'. */
export const maxLength = (label: string, max: number): FormRule[] => [
  { max, message: `${label}长度不能超过 ${max} 个字符` },
];

/** A required text (blank counts as empty), at most `max` characters when given. */
export const requiredText = (label: string, max?: number): FormRule[] => [
  { required: true, whitespace: true, message: `${label}不能为空` },
  ...(max === undefined ? [] : maxLength(label, max)),
];

/**
 * The same limits in the wording of the reference's older forms, without spaces: '参数名称不能超过100个字符',
 * or with `length` '字典名称长度不能超过100个字符'.
 */
export const compactText = (
  label: string,
  max: number,
  { optional = false, length = false }: { optional?: boolean; length?: boolean } = {},
): FormRule[] => [
  ...(optional ? [] : [{ required: true, whitespace: true, message: `${label}不能为空` }]),
  { max, message: `${label}${length ? '长度' : ''}不能超过${max}个字符` },
];
