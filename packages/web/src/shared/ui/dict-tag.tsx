import { Tag } from 'antd';
import type { TagProps } from 'antd';
import { useDictStore } from '../dict/dict-store';
import type { DictValue } from '../dict/dict-store';

/** Maps a dictionary colorType (Element UI tag types) to an antd Tag colour. */
export const DICT_TAG_COLORS: Record<string, TagProps['color'] | undefined> = {
  default: undefined,
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
};

export interface DictTagProps {
  /** The dictionary type, e.g. DICT_TYPE.COMMON_STATUS. */
  type: string;
  value: DictValue;
}

/** Shows a dictionary value as a tag coloured by its colorType, with its cssClass applied. */
export function DictTag({ type, value }: DictTagProps) {
  const item = useDictStore((state) =>
    value === null || value === undefined
      ? undefined
      : state.dictMap[type]?.find((d) => d.value === String(value)),
  );
  if (!item) return null;
  return (
    <Tag color={DICT_TAG_COLORS[item.colorType]} className={item.cssClass || undefined}>
      {item.label}
    </Tag>
  );
}
