import { menuSimpleList } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo } from 'react';
import { queryKey } from '../../shared/crud';
import { request } from '../../shared/request';
import { toTree } from '../../shared/tree/check-tree-nodes';
import { CheckTree } from '../../shared/ui/check-tree';

/** 菜单权限 of a package: the menus load when the dialog opens, fresh each time. */
export function PackageMenuField({ open }: { open: boolean }) {
  const menus = useQuery({
    queryKey: queryKey(menuSimpleList),
    queryFn: () => request(menuSimpleList),
    enabled: open,
    staleTime: 0,
  });
  const nodes = useMemo(() => toTree(menus.data ?? []), [menus.data]);
  return (
    <Form.Item label="菜单权限" name="menuIds">
      <CheckTree label="菜单权限" nodes={nodes} loading={menus.isLoading} />
    </Form.Item>
  );
}
