import { LogoutOutlined } from '@ant-design/icons';
import { DICT_TYPE, oauth2TokenDelete, oauth2TokenPage } from '@app/contract';
import type { OAuth2AccessToken } from '@app/contract';
import { Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  dateTimeColumn,
  dictColumn,
  textColumn,
  useCan,
  useConfirmedCall,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';
import './oauth2-page.css';

const SEARCH: SearchField[] = [
  {
    kind: 'text',
    name: 'userId',
    label: '用户编号',
    width: 180,
    rules: [{ pattern: /^\d*$/, message: '用户编号必须是数字' }],
  },
  { kind: 'text', name: 'clientId', label: '客户端编号', width: 180 },
  { kind: 'dict', name: 'userType', label: '用户类型', dictType: DICT_TYPE.USER_TYPE, valueType: 'string' },
];

/** A token digest, shortened in the cell and copyable in full. */
const digestCell = (digest: string) => (
  <Typography.Text className="oauth2-digest" copyable={{ text: digest, tooltips: ['复制', '已复制'] }}>
    {`${digest.slice(0, 16)}…`}
  </Typography.Text>
);

const COLUMNS: TableColumnsType<OAuth2AccessToken> = [
  textColumn('访问令牌', 'accessToken', { width: 220, ellipsis: false, render: digestCell }),
  textColumn('刷新令牌', 'refreshToken', { width: 220, ellipsis: false, render: digestCell }),
  textColumn('用户编号', 'userId', { width: 100, ellipsis: false }),
  dictColumn('用户类型', 'userType', DICT_TYPE.USER_TYPE, { width: 100 }),
  textColumn('客户端编号', 'clientId', { width: 120 }),
  dateTimeColumn(),
  dateTimeColumn('过期时间', 'expiresTime'),
];

/**
 * 令牌管理 (menu component system/oauth2/token/index): the tenant's unexpired access tokens. Only
 * their SHA-256 digests are stored, so the digests are what the list shows and 强退 sends.
 */
export function OAuth2TokenPage() {
  const confirmed = useConfirmedCall();
  const canDelete = useCan(oauth2TokenDelete);
  const onForceLogout = (row: OAuth2AccessToken) =>
    confirmed({
      content: `是否确认强退令牌为"${row.accessToken}"的数据项?`,
      endpoint: oauth2TokenDelete,
      options: { query: { accessToken: row.accessToken } },
      success: '强退成功',
    });

  return useCrudPage({
    endpoints: { page: oauth2TokenPage },
    entity: '令牌',
    search: SEARCH,
    columns: COLUMNS,
    rowActions: {
      more: (row) => [
        {
          key: 'logout',
          label: '强退',
          icon: <LogoutOutlined />,
          danger: true,
          onClick: () => onForceLogout(row),
          visible: canDelete,
        },
      ],
      moreVisible: canDelete,
      width: 100,
    },
    header: (
      <>
        <DocAlert title="OAuth 2.0（SSO 单点登录)" url="https://doc.iocoder.cn/oauth2/" />
        <DocAlert title="用户体系" url="https://doc.iocoder.cn/user-center/" />
      </>
    ),
    emptyText: '暂无令牌',
    scrollX: 1200,
  });
}
