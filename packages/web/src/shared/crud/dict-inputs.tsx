import { Radio, Select } from 'antd';
import type { RadioGroupProps, SelectProps } from 'antd';
import { useDictOptions } from '../dict';

/** A dictionary's options; values are numbers unless the dictionary holds strings. */
export function useDictValueOptions(dictType: string, valueType: 'number' | 'string' = 'number') {
  return useDictOptions(dictType).map((d) => ({
    label: d.label,
    value: valueType === 'number' ? Number(d.value) : d.value,
  }));
}

type DictInputProps = { dictType: string; valueType?: 'number' | 'string' };

/** A form's choice among a dictionary's values as radio buttons (e.g. 状态 of common_status). */
export function DictRadio({
  dictType,
  valueType,
  ...props
}: DictInputProps & Omit<RadioGroupProps, 'options'>) {
  return <Radio.Group {...props} options={useDictValueOptions(dictType, valueType)} />;
}

/** A form's choice among a dictionary's values in a select. */
export function DictSelect({ dictType, valueType, ...props }: DictInputProps & Omit<SelectProps, 'options'>) {
  return <Select {...props} options={useDictValueOptions(dictType, valueType)} />;
}
