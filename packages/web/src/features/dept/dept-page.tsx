import { PlusOutlined } from '@ant-design/icons';
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
import { useState } from 'react';
import {
  actionColumn,
  CreateButton,
  dateTimeColumn,
  deleteAction,
  dictColumn,
  DictRadio,
  emailField,
  ExpandAllButton,
  FormDialog,
  ListPage,
  maxLength,
  queryKey,
  required,
  requiredText,
  updateAction,
  useCan,
  useConfirmedCall,
  useFormDialog,
  useTreeList,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { buildTree, type TreeNode } from '../../shared/tree/build-tree';
import { DocAlert } from '../../shared/ui/doc-alert';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '部门名称' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS, placeholder: '部门状态' },
];

interface ParentOption {
  value: number;
  title: string;
  children?: ParentOption[];
}

const toParentOptions = (nodes: TreeNode<Dept>[], excludeId: number | string | undefined): ParentOption[] =>
  nodes
    .filter((n) => n.id !== excludeId)
    .map((n) => ({
      value: n.id,
      title: n.name,
      ...(n.children ? { children: toParentOptions(n.children, excludeId) } : {}),
    }));

/** 部门管理 (menu component system/dept/index): the department tree as a table. */
export function DeptPage() {
  const list = useTreeList(deptList, { search: SEARCH, expandAll: true });
  const dialog = useFormDialog();
  const [parentId, setParentId] = useState(0);
  const confirmed = useConfirmedCall();
  const canCreate = useCan(deptCreate);
  const canUpdate = useCan(deptUpdate);
  const canDelete = useCan(deptDelete);
  const editingId = dialog.target?.mode === 'update' ? dialog.target.id : undefined;
  // The parent choices: every department, whatever the list's search.
  const allDepts = useQuery({
    queryKey: queryKey(deptList, {}),
    queryFn: () => request(deptList, { query: {} }),
    enabled: dialog.target !== null,
  });
  const users = useQuery({ queryKey: queryKey(userSimpleList), queryFn: () => request(userSimpleList) });
  const parentOptions = [
    { value: 0, title: '顶级部门', children: toParentOptions(buildTree(allDepts.data ?? []), editingId) },
  ];

  const openCreate = (parent = 0) => {
    setParentId(parent);
    dialog.openCreate();
  };
  const onDelete = (row: Dept) =>
    confirmed({
      content: `是否确认删除名称为"${row.name}"的数据项?`,
      endpoint: deptDelete,
      options: { query: { id: row.id } },
      success: '删除成功',
    });

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
    ...actionColumn<Dept>(
      (row) => [
        updateAction(() => dialog.openUpdate(row.id), { visible: canUpdate }),
        {
          key: 'create',
          label: '新增',
          icon: <PlusOutlined />,
          onClick: () => openCreate(row.id),
          visible: canCreate,
        },
        deleteAction(() => onDelete(row), { visible: canDelete && row.parentId !== 0 }),
      ],
      { visible: canCreate || canUpdate || canDelete, width: 220 },
    ),
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="公司部门、岗位" url="https://doc.iocoder.cn/user-center/" />}
      actions={
        <>
          <CreateButton endpoint={deptCreate} onClick={() => openCreate()} />
          <ExpandAllButton list={list} />
        </>
      }
      emptyText="暂无部门"
      scrollX={900}
      table={{ expandable: list.expandable }}
    >
      <FormDialog
        control={dialog}
        entity="部门"
        name="dept-form"
        get={deptGet}
        create={deptCreate}
        update={deptUpdate}
        initialValues={{ parentId, sort: 0, status: 0 }}
        toForm={(row) => ({ ...row, status: row.status === 1 ? 1 : 0 })}
      >
        <Form.Item label="上级部门" name="parentId" rules={required('上级部门')}>
          <TreeSelect treeData={parentOptions} treeDefaultExpandAll placeholder="选择上级部门" />
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
      </FormDialog>
    </ListPage>
  );
}
