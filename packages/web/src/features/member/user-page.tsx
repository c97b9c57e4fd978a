import { CrownOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  memberUserGet,
  memberUserPage,
  memberUserUpdate,
  memberUserUpdateLevel,
  memberUserUpdateStatus,
} from '@app/contract';
import type { MemberUser } from '@app/contract';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  dateTimeColumn,
  detailAction,
  dictColumn,
  dictField,
  formItem,
  idColumn,
  mobileField,
  statusColumn,
  textColumn,
  textField,
  useCan,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { AreaCascader } from '../../shared/ui/area-cascader';
import { DateInput, ImageUpload } from '../../shared/ui/form-inputs';
import { MemberAvatar } from './member-avatar';
import { memberDetailPath } from './member-paths';
import { UserLevelDialog } from './user-level-dialog';

const ENDPOINTS = { page: memberUserPage, get: memberUserGet, update: memberUserUpdate };

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'nickname', label: '用户昵称' },
  { kind: 'text', name: 'mobile', label: '手机号' },
  { kind: 'dict', name: 'levelId', label: '会员等级', dictType: DICT_TYPE.MBR_USER_LEVEL },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS },
  { kind: 'dateRange', name: 'loginDate', label: '最近登录时间' },
  { kind: 'dateRange', name: 'createTime', label: '注册时间' },
];

const COLUMNS: TableColumnsType<MemberUser> = [
  idColumn('用户编号'),
  {
    title: '头像',
    dataIndex: 'avatar',
    width: 80,
    align: 'center',
    render: (_: string | null, row) => <MemberAvatar member={row} />,
  },
  textColumn('手机号', 'mobile', { width: 130, ellipsis: false }),
  textColumn('昵称', 'nickname', { width: 120 }),
  dictColumn('等级', 'levelId', DICT_TYPE.MBR_USER_LEVEL, { width: 100 }),
  statusColumn<MemberUser>({
    endpoint: memberUserUpdateStatus,
    save: (row, status) => request(memberUserUpdateStatus, { body: { id: row.id, status } }),
    refresh: memberUserPage,
    label: (row) => `${row.nickname}的状态`,
    confirm: (word, row) => `确认要"${word}""${row.nickname}"会员吗?`,
    words: ['启用', '禁用'],
  }),
  dictColumn('注册终端', 'registerTerminal', DICT_TYPE.TERMINAL, { width: 120 }),
  textColumn('注册 IP', 'registerIp', { width: 140 }),
  dateTimeColumn('注册时间'),
  dateTimeColumn('最近登录时间', 'loginDate'),
];

/** 会员管理 (menu component member/user/index): members register themselves; here they are edited and levelled. */
export function MemberUserPage() {
  const navigate = useNavigate();
  const [leveling, setLeveling] = useState<MemberUser | null>(null);
  const canDetail = useCan(memberUserGet);
  const canLevel = useCan(memberUserUpdateLevel);
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '会员',
    search: SEARCH,
    columns: COLUMNS,
    rowActions: {
      first: (row) => [
        detailAction(() => void navigate(memberDetailPath(row.id)), { label: '详情', visible: canDetail }),
      ],
      more: (row) => [
        {
          key: 'update-level',
          label: '修改等级',
          icon: <CrownOutlined />,
          onClick: () => setLeveling(row),
          visible: canLevel,
        },
      ],
      moreVisible: canDetail || canLevel,
      width: 260,
    },
    emptyText: '暂无会员',
    scrollX: 1500,
    form: { name: 'memberUserForm', labelWidth: 100 },
    fields: (
      <>
        {mobileField('手机号', 'mobile', { required: '手机号不能为空' })}
        {textField('用户昵称', 'nickname', 30)}
        {formItem('头像', 'avatar', [], <ImageUpload />)}
        {textField('真实名字', 'name', 30, { optional: true })}
        {dictField('用户性别', 'sex', DICT_TYPE.SYSTEM_USER_SEX, { rules: [] })}
        {formItem('出生日期', 'birthday', [], <DateInput placeholder="选择出生日期" />)}
        {formItem('所在地', 'areaId', [], <AreaCascader placeholder="请选择所在地" />)}
        {textField('会员备注', 'mark', 255, { optional: true, rows: 3, placeholder: '请输入会员备注' })}
      </>
    ),
    dialogs: <UserLevelDialog member={leveling} onClose={() => setLeveling(null)} />,
  });
}
