import { authLoginOptions, authSocialAuthRedirect, SOCIAL_TYPE_DICT, socialUserUnbind } from '@app/contract';
import type { UserProfile } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { BASE_URL } from '../../shared/config';
import { getDictLabel } from '../../shared/dict';
import { errorMessageOf, request } from '../../shared/request';
import { browser } from '../../shared/navigation/browser';

interface Row {
  type: number;
  name: string;
  /** The bound account's openid, if any. */
  openid: string | null;
  /** The tenant offers this platform (it can be bound). */
  enabled: boolean;
}

export interface ProfileSocialAccountsProps {
  profile: UserProfile;
  /** The bindings changed: the profile is read again. */
  onChange: () => void;
}

/**
 * 社交信息 in the personal centre: the social platforms the tenant offers and the accounts bound to
 * the user. 绑定 goes to the platform, which sends the browser back to /bind; 解绑 asks first.
 */
export function ProfileSocialAccounts({ profile, onChange }: ProfileSocialAccountsProps) {
  const { message, modal } = App.useApp();
  const [leaving, setLeaving] = useState<number | null>(null);
  const options = useQuery({
    queryKey: ['login-options'],
    queryFn: () => request(authLoginOptions, { query: {} }),
  });

  const enabled = options.data?.socialTypes ?? [];
  const rows: Row[] = [
    ...enabled.map((s) => ({
      type: s.type,
      name: s.name,
      openid: profile.socialUsers.find((u) => u.type === s.type)?.openid ?? null,
      enabled: true,
    })),
    // Bound to a platform the tenant no longer offers: still shown, so that it can be unbound.
    ...profile.socialUsers
      .filter((u) => !enabled.some((s) => s.type === u.type))
      .map((u) => ({
        type: u.type,
        name: getDictLabel(SOCIAL_TYPE_DICT, u.type) || String(u.type),
        openid: u.openid,
        enabled: false,
      })),
  ];

  const bind = async (row: Row) => {
    setLeaving(row.type);
    try {
      const back = `${window.location.origin}${BASE_URL}bind?type=${row.type}`;
      browser.assign(await request(authSocialAuthRedirect, { query: { type: row.type, redirectUri: back } }));
    } catch (caught) {
      void message.error(errorMessageOf(caught));
      setLeaving(null);
    }
  };

  const unbind = (row: Row) =>
    modal.confirm({
      title: '系统提示',
      content: `确定解绑${row.name}账号吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(socialUserUnbind, { body: { type: row.type, openid: row.openid! } });
        void message.success('解绑成功');
        onChange();
      },
    });

  const columns: TableColumnsType<Row> = [
    { title: '社交平台', dataIndex: 'name', align: 'center' },
    {
      title: '绑定状态',
      dataIndex: 'openid',
      align: 'center',
      render: (openid: string | null) =>
        openid ? <Tag color="success">已绑定（{openid}）</Tag> : <Tag>未绑定</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      align: 'center',
      render: (_: unknown, row: Row) =>
        row.openid ? (
          <Button type="link" size="small" danger onClick={() => unbind(row)}>
            解绑
          </Button>
        ) : (
          <Button
            type="link"
            size="small"
            loading={leaving === row.type}
            disabled={!row.enabled || leaving !== null}
            onClick={() => void bind(row)}
          >
            绑定
          </Button>
        ),
    },
  ];

  return (
    <Table<Row>
      rowKey="type"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={options.isFetching}
      pagination={false}
      locale={{ emptyText: '租户未开启社交登录' }}
    />
  );
}
