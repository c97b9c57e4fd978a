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
import { Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import {
  dateTimeColumn,
  dictColumn,
  formItem,
  idColumn,
  queryKey,
  required,
  statusField,
  textColumn,
  textField,
  useCrudPage,
} from '../../../shared/crud';
import type { SearchField } from '../../../shared/crud';
import { request } from '../../../shared/request';
import { DocAlert } from '../../../shared/ui/doc-alert';

const ENDPOINTS = {
  page: bpmUserGroupPage,
  get: bpmUserGroupGet,
  create: bpmUserGroupCreate,
  update: bpmUserGroupUpdate,
  delete: bpmUserGroupDelete,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '组名' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

/** 用户分组 (menu component bpm/group/index): the user groups of assignment rules of type 40. */
export function UserGroupPage() {
  const users = useQuery({
    queryKey: queryKey(userListAllSimple),
    queryFn: () => request(userListAllSimple),
  });
  const nicknames = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u.nickname])), [users.data]);

  const columns: TableColumnsType<BpmUserGroup> = [
    idColumn('编号'),
    textColumn('组名', 'name'),
    textColumn('描述', 'description'),
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
  ];

  const members = (
    <Select
      mode="multiple"
      allowClear
      placeholder="请选择成员"
      options={(users.data ?? []).map((u) => ({ label: u.nickname, value: u.id }))}
      optionFilterProp="label"
      loading={users.isLoading}
    />
  );
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '用户组',
    search: SEARCH,
    columns: columns,
    header: <DocAlert title="工作流" url="https://doc.iocoder.cn/bpm" />,
    emptyText: '暂无用户组',
    scrollX: 900,
    form: {
      name: 'bpm-user-group-form',
      initialValues: { status: 0, memberUserIds: [] },
      toForm: (row) => ({ ...row, status: row.status === 1 ? 1 : 0 }),
    },
    fields: (
      <>
        {textField('组名', 'name', 30)}
        {textField('描述', 'description', 255, { rows: 3 })}
        {formItem('成员', 'memberUserIds', required('成员'), members)}
        {statusField()}
      </>
    ),
  });
}
