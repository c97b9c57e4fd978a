import { dictDataListAllSimple } from '@app/contract';
import type { DictDataSimple, Endpoint } from '@app/contract';
import { create } from 'zustand';
import { request } from '../request';
import type { RequestOptions } from '../request';

export type DictData = DictDataSimple;

/** A dictionary value as pages hold it; compared with the stored string value. */
export type DictValue = string | number | boolean | null | undefined;

interface DictState {
  /** Dictionary items grouped by dictType, in server order. */
  dictMap: Record<string, DictData[]>;
  loaded: boolean;
  setDictData: (items: readonly DictData[]) => void;
  reset: () => void;
}

export const useDictStore = create<DictState>()((set) => ({
  dictMap: {},
  loaded: false,
  setDictData: (items) => {
    const dictMap: Record<string, DictData[]> = {};
    for (const item of items) (dictMap[item.dictType] ??= []).push(item);
    set({ dictMap, loaded: true });
  },
  reset: () => set({ dictMap: {}, loaded: false }),
}));

let loading: Promise<void> | null = null;

/** Loads every dictionary once (after sign-in); later calls reuse the first load. */
export const loadDicts = (
  options: Pick<RequestOptions<Endpoint>, 'showError' | 'reloginDialog'> = {},
): Promise<void> => {
  if (useDictStore.getState().loaded) return Promise.resolve();
  loading ??= request(dictDataListAllSimple, options)
    .then((items) => useDictStore.getState().setDictData(items))
    .finally(() => {
      loading = null;
    });
  return loading;
};

const EMPTY: readonly DictData[] = [];

/** Items of one dictionary type (empty when unknown or not loaded). */
export const getDictOptions = (dictType: string): readonly DictData[] =>
  useDictStore.getState().dictMap[dictType] ?? EMPTY;

/** The item whose value matches (values are compared as strings). */
export const getDictData = (dictType: string, value: DictValue): DictData | undefined => {
  if (value === null || value === undefined) return undefined;
  const text = String(value);
  return getDictOptions(dictType).find((item) => item.value === text);
};

/** Label of a value, or '' when the value is not in the dictionary. */
export const getDictLabel = (dictType: string, value: DictValue): string =>
  getDictData(dictType, value)?.label ?? '';

/** Reactive variant of getDictOptions for components. */
export const useDictOptions = (dictType: string): readonly DictData[] =>
  useDictStore((state) => state.dictMap[dictType] ?? EMPTY);
