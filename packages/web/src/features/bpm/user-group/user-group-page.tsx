import {
  bpmUserGroupCreate,
  bpmUserGroupDelete,
  bpmUserGroupGet,
  bpmUserGroupPage,
  bpmUserGroupUpdate,
  DICT_TYPE,
  userListAllSimple,
} from '@app/contract';
import type { BpmUserGroup } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import {
  CreateButton,
  dateTimeColumn,
  dictColumn,
  DictRadio,
  FormDialog,
  ListPage,
  queryKey,
  required,
  requiredText,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../../shared/crud';
import type { SearchField } from '../../../shared/crud';
import { request } from '../../../shared/request';
import { DocAlert } from '../../../shared/ui/doc-alert';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '组名' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

/** 用户分组 (menu component bpm/group/index): the user groups of assignment rules of type 40. */
export function UserGroupPage() {
  const list = useListPage(bpmUserGroupPage, { search: SEARCH });
  const dialog = useFormDialog();
  const actions = useEditDeleteColumn<BpmUserGroup>({
    dialog,
    update: bpmUserGroupUpdate,
    remove: bpmUserGroupDelete,
    entity: '用户组',
  });
  const users = useQuery({
    queryKey: queryKey(userListAllSimple),
    queryFn: () => request(userListAllSimple),
  });
  const nicknames = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u.nickname])), [users.data]);

  const columns: TableColumnsType<BpmUserGroup> = [
    { title: '编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '组名', dataIndex: 'name', ellipsis: true, align: 'center' },
    { title: '描述', dataIndex: 'description', ellipsis: true, align: 'center' },
    {
      title: '成员',
      dataIndex: 'memberUserIds',
      align: 'center',
      render: (ids: number[]) => (
        <Space size={[0, 4]} wrap>
          {ids.map((id) => (
            <Tag key={id}>{nicknames.get(id) ?? `未知(${id})`}</Tag>
          ))}
        </Space>
      ),
    },
    dictColumn('状态', 'status', DICT_TYPE.COMMON_STATUS),
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="工作流" url="https://doc.iocoder.cn/bpm" />}
      actions={<CreateButton endpoint={bpmUserGroupCreate} onClick={dialog.openCreate} />}
      emptyText="暂无用户组"
      scrollX={900}
    >
      <FormDialog
        control={dialog}
        entity="用户组"
        name="bpm-user-group-form"
        get={bpmUserGroupGet}
        create={bpmUserGroupCreate}
        update={bpmUserGroupUpdate}
        initialValues={{ status: 0, memberUserIds: [] }}
        toForm={(row) => ({ ...row, status: row.status === 1 ? 1 : 0 })}
      >
        <Form.Item label="组名" name="name" rules={requiredText('组名', 30)}>
          <Input placeholder="请输入组名" />
        </Form.Item>
        <Form.Item label="描述" name="description" rules={requiredText('描述', 255)}>
          <Input.TextArea placeholder="请输入描述" rows={3} />
        </Form.Item>
        <Form.Item label="成员" name="memberUserIds" rules={required('成员')}>
          <Select
            mode="multiple"
            allowClear
            placeholder="请选择成员"
            options={(users.data ?? []).map((u) => ({ label: u.nickname, value: u.id }))}
            optionFilterProp="label"
            loading={users.isLoading}
          />
        </Form.Item>
        <Form.Item label="状态" name="status" rules={required('状态')}>
          <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
        </Form.Item>
      </FormDialog>
    </ListPage>
  );
}
