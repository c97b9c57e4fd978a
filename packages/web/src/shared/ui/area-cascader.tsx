import { ALL_CHINA_AREA_ID, areaTree } from '@app/contract';
import type { AreaNode } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useMemo } from 'react';
import type { CSSProperties } from 'react';
import { queryKey } from '../crud/query-key';
import { request } from '../request';

/*
 * Region pickers over the area tree (/system/area/tree: provinces, cities, districts). A value is the
 * chosen region's id at whatever level; the cascader itself works with paths from the province down.
 */

interface AreaOption {
  value: number;
  label: string;
  children?: AreaOption[];
}

const toOptions = (nodes: readonly AreaNode[]): AreaOption[] =>
  nodes.map((node) => ({
    value: node.id,
    label: node.name,
    ...(node.children?.length ? { children: toOptions(node.children) } : {}),
  }));

/** Each region's path from its province, by id. */
const pathsOf = (nodes: readonly AreaNode[], above: number[] = [], into = new Map<number, number[]>()) => {
  for (const node of nodes) {
    const path = [...above, node.id];
    into.set(node.id, path);
    if (node.children) pathsOf(node.children, path, into);
  }
  return into;
};

/** The area tree as cascader options (with 全国 first when `allChina`) and the path of each region. */
function useAreaOptions(allChina: boolean) {
  const tree = useQuery({
    queryKey: queryKey(areaTree),
    queryFn: () => request(areaTree),
    staleTime: Infinity,
  }).data;
  return useMemo(() => {
    const regions = toOptions(tree ?? []);
    const paths = pathsOf(tree ?? []);
    if (!allChina) return { options: regions, paths };
    paths.set(ALL_CHINA_AREA_ID, [ALL_CHINA_AREA_ID]);
    return { options: [{ value: ALL_CHINA_AREA_ID, label: '全国' }, ...regions], paths };
  }, [tree, allChina]);
}

interface InputProps<T> {
  value?: T;
  onChange?: (value: T) => void;
  id?: string;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

/** One region at any level (a province, a city or a district); nothing chosen is null. */
export function AreaCascader({
  value,
  onChange,
  placeholder = '请选择地区',
  ...props
}: InputProps<number | null>) {
  const { options, paths } = useAreaOptions(false);
  const path = value === null || value === undefined ? undefined : (paths.get(value) ?? [value]);
  return (
    <Cascader<AreaOption>
      {...props}
      options={options}
      value={path}
      onChange={(picked) => onChange?.((picked as number[] | undefined)?.at(-1) ?? null)}
      changeOnSelect
      showSearch
      allowClear
      placeholder={placeholder}
    />
  );
}

/**
 * Regions of a freight rule: 全国 or any provinces, cities and districts. A whole region checked stands for
 * itself (a province, not its cities).
 */
export function AreaMultiCascader({
  value,
  onChange,
  placeholder = '请选择区域',
  ...props
}: InputProps<number[]>) {
  const { options, paths } = useAreaOptions(true);
  const chosen = (value ?? []).map((id) => paths.get(id) ?? [id]);
  return (
    <Cascader<AreaOption>
      {...props}
      multiple
      options={options}
      value={chosen}
      onChange={(picked) => onChange?.(picked.map((path) => Number(path.at(-1))))}
      showCheckedStrategy={Cascader.SHOW_PARENT}
      maxTagCount={6}
      showSearch
      allowClear
      placeholder={placeholder}
    />
  );
}
