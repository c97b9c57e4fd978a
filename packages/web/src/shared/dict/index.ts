export {
  getDictData,
  getDictLabel,
  getDictOptions,
  loadDicts,
  useDictOptions,
  useDictStore,
} from './dict-store';
export type { DictData, DictValue } from './dict-store';
