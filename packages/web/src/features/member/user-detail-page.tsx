import { ArrowLeftOutlined } from '@ant-design/icons';
import { DICT_TYPE, memberAddressList, memberUserGet, memberWalletGet } from '@app/contract';
import type { MemberAddress, MemberUser, MemberWallet } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { DescriptionsProps, TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTabs } from '../../layout/tags-view';
import { queryKey, textColumn } from '../../shared/crud';
import { formatDate, formatDateTime } from '../../shared/date/format';
import { errorMessageOf, request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { formatFen } from '../../shared/ui/money';
import { MemberAvatar } from './member-avatar';
import { MEMBER_LIST_PATH } from './member-paths';
import './user-detail.css';

/** 会员详情 (/member/user/detail/:id, digits only): a member's profile, wallet and addresses. */
export default function UserDetailPage() {
  const { id } = useParams();
  if (id === undefined || !/^\d+$/.test(id)) return <Navigate to="/404" replace />;
  return <UserDetail key={id} id={Number(id)} />;
}

function UserDetail({ id }: { id: number }) {
  const tabs = useTabs();
  // Read afresh on every visit: the list's switch and dialogs change the member meanwhile.
  const member = useQuery({
    queryKey: queryKey(memberUserGet, { id }),
    queryFn: () => request(memberUserGet, { query: { id } }),
    staleTime: 0,
  });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => tabs.closeAndOpen(MEMBER_LIST_PATH)}>
      返回
    </Button>
  );
  if (member.isError)
    return (
      <div className="member-detail">
        <Result
          status="error"
          title="会员加载失败"
          subTitle={errorMessageOf(member.error)}
          extra={
            <Space>
              <Button type="primary" onClick={() => void member.refetch()}>
                重试
              </Button>
              {back}
            </Space>
          }
        />
      </div>
    );
  // Removed meanwhile (the list was older than the member).
  if (member.isSuccess && !member.data)
    return (
      <div className="member-detail">
        <Result status="warning" title="会员不存在" extra={back} />
      </div>
    );
  if (!member.data)
    return (
      <div className="member-detail" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  return (
    <div className="member-detail">
      <div>{back}</div>
      <BasicInfo member={member.data} />
      <AccountInfo userId={id} />
      <Addresses userId={id} />
    </div>
  );
}

const dictTag = (type: string, value: number | null) => <DictTag type={type} value={value} />;

function BasicInfo({ member: m }: { member: MemberUser }) {
  const lines: [string, ReactNode][] = [
    ['用户昵称', m.nickname],
    ['手机号', m.mobile],
    ['真实名字', m.name],
    ['性别', dictTag(DICT_TYPE.SYSTEM_USER_SEX, m.sex)],
    ['生日', formatDate(m.birthday)],
    ['所在地', m.areaName],
    ['会员等级', dictTag(DICT_TYPE.MBR_USER_LEVEL, m.levelId)],
    ['状态', dictTag(DICT_TYPE.COMMON_STATUS, m.status)],
    ['注册终端', dictTag(DICT_TYPE.TERMINAL, m.registerTerminal)],
    ['注册 IP', m.registerIp],
    ['注册时间', formatDateTime(m.createTime)],
    ['最近登录 IP', m.loginIp],
    ['最近登录时间', formatDateTime(m.loginDate)],
  ];
  const items: DescriptionsProps['items'] = [
    ...lines.map(([label, children]) => ({ key: label, label, children })),
    { key: 'mark', label: '会员备注', span: 'filled', children: m.mark },
  ];
  return (
    <Card title="基本信息" size="small">
      <div className="member-detail-basic">
        <MemberAvatar member={m} size={80} />
        <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, xl: 3 }} items={items} />
      </div>
    </Card>
  );
}

const LOAD_FAILED = '加载失败，请刷新重试';

/** 账户信息: the member's wallet, its fen shown in yuan. */
function AccountInfo({ userId }: { userId: number }) {
  const wallet = useQuery({
    queryKey: queryKey(memberWalletGet, { userId }),
    queryFn: () => request(memberWalletGet, { query: { userId } }),
    staleTime: 0,
  });
  const amount = (
    label: string,
    key: keyof Pick<MemberWallet, 'balance' | 'totalExpense' | 'totalRecharge'>,
  ) => ({
    key,
    label,
    children: wallet.data ? formatFen(wallet.data[key]) : '',
  });
  return (
    <Card title="账户信息" size="small" loading={wallet.isPending}>
      {wallet.isError ? (
        <Typography.Text type="danger">{LOAD_FAILED}</Typography.Text>
      ) : (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 3 }}
          items={[
            amount('余额', 'balance'),
            amount('累计支出', 'totalExpense'),
            amount('累计充值', 'totalRecharge'),
          ]}
        />
      )}
    </Card>
  );
}

const ADDRESS_COLUMNS: TableColumnsType<MemberAddress> = [
  textColumn('收件人', 'name', { width: 120 }),
  textColumn('手机号', 'mobile', { width: 130, ellipsis: false }),
  {
    title: '地址',
    key: 'address',
    render: (_: unknown, row) => `${row.areaName} ${row.detailAddress}`,
  },
  {
    title: '默认地址',
    dataIndex: 'defaultStatus',
    width: 100,
    align: 'center',
    render: (isDefault: boolean) => (isDefault ? <Tag color="success">是</Tag> : <Tag>否</Tag>),
  },
];

/** 收货地址: the member's addresses, the default first (as the server lists them). */
function Addresses({ userId }: { userId: number }) {
  const addresses = useQuery({
    queryKey: queryKey(memberAddressList, { userId }),
    queryFn: () => request(memberAddressList, { query: { userId } }),
    staleTime: 0,
  });
  return (
    <Card title="收货地址" size="small">
      <Table<MemberAddress>
        rowKey="id"
        size="small"
        columns={ADDRESS_COLUMNS}
        dataSource={addresses.data ?? []}
        loading={addresses.isPending}
        pagination={false}
        // The address keeps a readable width on a phone; the table scrolls sideways.
        scroll={{ x: 560 }}
        locale={{ emptyText: addresses.isError ? LOAD_FAILED : '暂无收货地址' }}
      />
    </Card>
  );
}
