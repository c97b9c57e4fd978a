import {
  DICT_TYPE,
  deptCreate,
  deptDelete,
  deptGet,
  deptList,
  deptUpdate,
  userSimpleList,
} from '@app/contract';
import type { Dept } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select, TreeSelect } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  dateTimeColumn,
  dictColumn,
  DictRadio,
  emailField,
  maxLength,
  queryKey,
  required,
  requiredText,
  useTreeCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import type { TreeNode } from '../../shared/tree/build-tree';
import { DocAlert } from '../../shared/ui/doc-alert';

const ENDPOINTS = {
  list: deptList,
  get: deptGet,
  create: deptCreate,
  update: deptUpdate,
  delete: deptDelete,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '部门名称' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS, placeholder: '部门状态' },
];

/** 部门管理 (menu component system/dept/index): the department tree as a table. */
export function DeptPage() {
  const users = useQuery({ queryKey: queryKey(userSimpleList), queryFn: () => request(userSimpleList) });
  const leaderName = (id: number | null) => users.data?.find((u) => u.id === id)?.nickname;
  const columns: TableColumnsType<TreeNode<Dept>> = [
    { title: '部门名称', dataIndex: 'name', width: 260 },
    {
      title: '负责人',
      dataIndex: 'leaderUserId',
      width: 140,
      align: 'center',
      render: (id: number | null) => leaderName(id) ?? (id ? `#${id}` : ''),
    },
    { title: '排序', dataIndex: 'sort', width: 90, align: 'center' },
    dictColumn('状态', 'status', DICT_TYPE.COMMON_STATUS),
    dateTimeColumn(),
  ];

  return useTreeCrudPage({
    endpoints: ENDPOINTS,
    entity: '部门',
    search: SEARCH,
    columns,
    header: <DocAlert title="公司部门、岗位" url="https://doc.iocoder.cn/user-center/" />,
    emptyText: '暂无部门',
    scrollX: 900,
    deleteQuestion: (row) => `是否确认删除名称为"${row.name}"的数据项?`,
    // The top department stays.
    deletable: (row) => row.parentId !== 0,
    form: {
      name: 'dept-form',
      initialValues: { sort: 0, status: 0 },
      toForm: (row) => ({ ...row, status: row.status === 1 ? 1 : 0 }),
    },
    fields: (parents) => (
      <>
        <Form.Item label="上级部门" name="parentId" rules={required('上级部门')}>
          <TreeSelect treeData={parents.tree('顶级部门')} treeDefaultExpandAll placeholder="选择上级部门" />
        </Form.Item>
        <Form.Item label="部门名称" name="name" rules={requiredText('部门名称', 30)}>
          <Input placeholder="请输入部门名称" />
        </Form.Item>
        <Form.Item label="显示排序" name="sort" rules={required('显示排序')}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="负责人" name="leaderUserId">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="请输入负责人"
            options={(users.data ?? []).map((u) => ({ label: u.nickname, value: u.id }))}
          />
        </Form.Item>
        <Form.Item label="联系电话" name="phone" rules={maxLength('联系电话', 11)}>
          <Input placeholder="请输入联系电话" />
        </Form.Item>
        {emailField()}
        <Form.Item label="部门状态" name="status" rules={required('部门状态')}>
          <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
        </Form.Item>
      </>
    ),
  });
}
