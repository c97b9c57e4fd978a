import { expressTemplateListAllSimple, productBrandList, productCategoryList } from '@app/contract';
import type { ProductCategory } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Select } from 'antd';
import type { CascaderProps } from 'antd';
import { useMemo } from 'react';
import type { CSSProperties } from 'react';
import { queryKey } from '../../shared/crud';
import { request } from '../../shared/request';
import { buildTree } from '../../shared/tree/build-tree';
import type { TreeNode } from '../../shared/tree/build-tree';

/* The category, brand and freight template pickers of the SPU list's search and of the SPU editor. */

export function useCategories() {
  return useQuery({
    queryKey: queryKey(productCategoryList),
    queryFn: () => request(productCategoryList),
  });
}

export function useBrands() {
  return useQuery({ queryKey: queryKey(productBrandList), queryFn: () => request(productBrandList) });
}

interface ValueProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  placeholder?: string;
  style?: CSSProperties;
}

interface CategoryOption {
  value: number;
  label: string;
  disabled?: boolean;
  children?: CategoryOption[];
}

/**
 * The categories closed in the product's sense: a product sits in an open second-level category,
 * so a top-level one without children and a closed one (status 1) cannot be chosen.
 */
const toOptions = (nodes: readonly TreeNode<ProductCategory>[], forProduct: boolean): CategoryOption[] =>
  nodes.map((node) => {
    const children = node.children ? toOptions(node.children, forProduct) : undefined;
    const unusable = node.status !== 0 || (node.parentId === 0 && !children?.length);
    return {
      value: node.id,
      label: node.name,
      ...(forProduct && unusable ? { disabled: true } : {}),
      ...(children ? { children } : {}),
    };
  });

/** The ids from the top down to `id` ([] when unknown). */
const pathTo = (categories: readonly ProductCategory[], id: number | null | undefined): number[] => {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path: number[] = [];
  for (let at = id === null || id === undefined ? undefined : byId.get(id); at; at = byId.get(at.parentId)) {
    if (path.includes(at.id)) break;
    path.unshift(at.id);
  }
  return path;
};

/**
 * 商品分类: a cascader over the category tree whose value is the last id chosen. `forProduct` offers
 * only the categories a product may sit in (open second-level ones).
 */
export function CategoryCascader({
  value,
  onChange,
  id,
  placeholder = '请选择商品分类',
  style,
  forProduct = false,
}: ValueProps & { forProduct?: boolean }) {
  const categories = useCategories().data;
  const options = useMemo(() => toOptions(buildTree(categories ?? []), forProduct), [categories, forProduct]);
  const path = useMemo(() => pathTo(categories ?? [], value), [categories, value]);
  const onPick: CascaderProps<CategoryOption>['onChange'] = (picked) =>
    onChange?.((picked as number[] | undefined)?.at(-1) ?? null);
  return (
    <Cascader<CategoryOption>
      id={id}
      options={options}
      value={path.length > 0 ? path : undefined}
      onChange={onPick}
      placeholder={placeholder}
      allowClear
      showSearch
      expandTrigger="hover"
      style={style}
    />
  );
}

/** A select of rows with an id and a name, searchable by name. */
function NamedSelect({
  rows,
  value,
  onChange,
  id,
  placeholder,
  style,
}: ValueProps & { rows: readonly { id: number; name: string }[] | undefined }) {
  const options = useMemo(() => (rows ?? []).map((row) => ({ value: row.id, label: row.name })), [rows]);
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(picked?: number) => onChange?.(picked ?? null)}
      options={options}
      placeholder={placeholder}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={style}
    />
  );
}

/** 商品品牌: a select over the brands, searchable by name. */
export function BrandSelect({ placeholder = '请选择商品品牌', ...props }: ValueProps) {
  return <NamedSelect rows={useBrands().data} placeholder={placeholder} {...props} />;
}

/** 运费模板: the freight template that prices the product's delivery; none: shipped free. */
export function DeliveryTemplateSelect(props: ValueProps) {
  const templates = useQuery({
    queryKey: queryKey(expressTemplateListAllSimple),
    queryFn: () => request(expressTemplateListAllSimple),
  }).data;
  return <NamedSelect rows={templates} {...props} placeholder="不选则包邮" />;
}
