import { dataSourceConfigList } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKey, useCan } from '../../shared/crud';
import { request } from '../../shared/request';

/** The data sources tables are imported from (the master first), for those who may list them. */
export function useDataSources() {
  const canList = useCan(dataSourceConfigList);
  const sources = useQuery({
    queryKey: queryKey(dataSourceConfigList),
    queryFn: () => request(dataSourceConfigList),
    enabled: canList,
  });
  return sources.data ?? [];
}
