import { BPM_RESULT, bpmProcessDefinitionList, DICT_TYPE, userSimpleList } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKey, useCan } from '../../shared/crud';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';

export interface Option<V> {
  label: string;
  value: V;
}

/**
 * Results an instance can end with (1 处理中 to 4 已取消), for search forms; 5 退回 and 6 委派 only
 * happen to tasks.
 */
export function useInstanceResultOptions(): Option<number>[] {
  return useDictOptions(DICT_TYPE.BPM_PROCESS_INSTANCE_RESULT)
    .map((d) => ({ label: d.label, value: Number(d.value) }))
    .filter((option) => option.value <= BPM_RESULT.CANCEL);
}

/** Every deployed definition version (`名称 v版本`), when the user may list definitions. */
export function useDefinitionOptions(): Option<string>[] {
  const list = useQuery({
    queryKey: queryKey(bpmProcessDefinitionList, {}),
    queryFn: () => request(bpmProcessDefinitionList, { query: {} }),
    enabled: useCan(bpmProcessDefinitionList),
  });
  return (list.data ?? []).map((d) => ({ label: `${d.name} v${d.version}`, value: d.id }));
}

/** Enabled users of the tenant (nicknames), for choosing whom to hand a task to. */
export function useUserOptions(enabled: boolean): { options: Option<number>[]; loading: boolean } {
  const list = useQuery({
    queryKey: queryKey(userSimpleList),
    queryFn: () => request(userSimpleList),
    enabled,
  });
  return {
    options: (list.data ?? []).map((u) => ({ label: u.nickname, value: u.id })),
    loading: list.isLoading,
  };
}
