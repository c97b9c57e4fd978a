import {
  DICT_TYPE,
  menuSimpleList,
  tenantPackageCreate,
  tenantPackageGet,
  tenantPackageUpdate,
} from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useMemo } from 'react';
import { DictRadio, FormDialog, maxLength, queryKey, required, requiredText } from '../../shared/crud';
import type { FormDialogControl } from '../../shared/crud';
import { request } from '../../shared/request';
import { toTree } from '../../shared/tree/check-tree-nodes';
import { CheckTree } from '../../shared/ui/check-tree';

/** 添加租户套餐 / 修改租户套餐: name, the menus the package grants, status and remark. */
export function TenantPackageFormDialog({ control }: { control: FormDialogControl }) {
  const menus = useQuery({
    queryKey: queryKey(menuSimpleList),
    queryFn: () => request(menuSimpleList),
    enabled: control.target !== null,
    staleTime: 0,
  });
  const nodes = useMemo(() => toTree(menus.data ?? []), [menus.data]);

  return (
    <FormDialog
      control={control}
      entity="租户套餐"
      name="tenant-package-form"
      get={tenantPackageGet}
      create={tenantPackageCreate}
      update={tenantPackageUpdate}
      initialValues={{ name: '', menuIds: [], status: 0, remark: '' }}
      toForm={(row) => ({ ...row, status: row.status === 1 ? 1 : 0, remark: row.remark ?? '' })}
      toBody={(values) => ({ ...values, menuIds: values.menuIds ?? [] })}
    >
      <Form.Item label="套餐名" name="name" rules={requiredText('套餐名', 30)}>
        <Input placeholder="请输入套餐名" />
      </Form.Item>
      <Form.Item label="菜单权限" name="menuIds">
        <CheckTree label="菜单权限" nodes={nodes} loading={menus.isLoading} />
      </Form.Item>
      <Form.Item label="状态" name="status" rules={required('状态')}>
        <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={maxLength('备注', 256)}>
        <Input placeholder="请输入备注" />
      </Form.Item>
    </FormDialog>
  );
}
