import {
  DICT_TYPE,
  SOCIAL_TYPE,
  SOCIAL_TYPE_DICT,
  socialClientCreate,
  socialClientDelete,
  socialClientGet,
  socialClientPage,
  socialClientUpdate,
} from '@app/contract';
import type { SocialClient } from '@app/contract';
import { Form, Input } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  dateTimeColumn,
  dictColumn,
  dictField,
  formItem,
  idColumn,
  requiredText,
  secretField,
  statusField,
  textColumn,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';

const ENDPOINTS = {
  page: socialClientPage,
  get: socialClientGet,
  create: socialClientCreate,
  update: socialClientUpdate,
  delete: socialClientDelete,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '应用名', width: 180 },
  { kind: 'dict', name: 'socialType', label: '社交平台', dictType: SOCIAL_TYPE_DICT },
  { kind: 'dict', name: 'userType', label: '用户类型', dictType: DICT_TYPE.USER_TYPE, width: 140 },
  { kind: 'text', name: 'clientId', label: '客户端编号', width: 180 },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS, width: 120 },
];

/** What each platform calls the client id. */
const CLIENT_ID_HINTS: Record<number, string> = {
  [SOCIAL_TYPE.GITEE]: '码云第三方应用的 Client ID',
  [SOCIAL_TYPE.DINGTALK]: '钉钉应用的 Client ID（原 AppKey）',
  [SOCIAL_TYPE.WECHAT_ENTERPRISE]: '企业微信的企业 ID（CorpID）',
  [SOCIAL_TYPE.OAUTH2]: '在认证服务中登记的 client_id',
};

const HTTP_URL = /^https?:\/\/\S+$/i;
const urlRules = (label: string) => [
  { required: true, whitespace: true, message: `${label}不能为空` },
  { pattern: HTTP_URL, message: `${label}必须是 http:// 或 https:// 开头的地址` },
];

const COLUMNS: TableColumnsType<SocialClient> = [
  idColumn('编号', { width: 80 }),
  textColumn('应用名', 'name'),
  dictColumn('社交平台', 'socialType', SOCIAL_TYPE_DICT, { width: 140 }),
  dictColumn('用户类型', 'userType', DICT_TYPE.USER_TYPE, { width: 100 }),
  textColumn('客户端编号', 'clientId'),
  dictColumn('状态', 'status', DICT_TYPE.COMMON_STATUS),
  dateTimeColumn(),
];

/**
 * 社交客户端 (menu component system/social/client/index): the tenant's clients of the social
 * platforms its users sign in with; the secret is kept encrypted and never shown again.
 */
export function SocialClientPage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '社交客户端',
    search: SEARCH,
    columns: COLUMNS,
    header: <DocAlert title="三方登录" url="https://doc.iocoder.cn/social-user/" />,
    emptyText: '暂无社交客户端',
    scrollX: 1000,
    form: {
      name: 'social-client-form',
      labelWidth: 110,
      initialValues: { socialType: SOCIAL_TYPE.GITEE, userType: 2, status: 0 },
      // The secret is never shown again: left empty, an update keeps it.
      toForm: (row) => ({ ...row, clientSecret: '' }),
      toBody: (values) => ({ ...values, clientSecret: (values.clientSecret as string) || null }),
    },
    fields: (_, updating) => (
      <>
        {formItem(
          '应用名',
          'name',
          requiredText('应用名'),
          <Input placeholder="请输入应用名，登录页按钮的提示" maxLength={255} />,
        )}
        {dictField('社交平台', 'socialType', SOCIAL_TYPE_DICT, { ruleLabel: '社交平台的类型' })}
        {dictField('用户类型', 'userType', DICT_TYPE.USER_TYPE)}
        <PlatformFields updating={updating} />
        {statusField()}
      </>
    ),
  });
}

/** The client's credentials and what its platform needs besides. */
function PlatformFields({ updating }: { updating: boolean }) {
  const socialType = Form.useWatch<number | undefined>('socialType');
  return (
    <>
      <Form.Item
        label="客户端编号"
        name="clientId"
        rules={requiredText('客户端编号')}
        extra={CLIENT_ID_HINTS[socialType ?? 0]}
      >
        <Input placeholder="请输入客户端编号" maxLength={255} />
      </Form.Item>
      {secretField('客户端密钥', 'clientSecret', updating, '密钥', { maxLength: 255, whitespace: true })}
      {socialType === SOCIAL_TYPE.WECHAT_ENTERPRISE && (
        <Form.Item
          label="agentId"
          name="agentId"
          rules={requiredText('agentId ')}
          extra="企业微信自建应用的 AgentId"
        >
          <Input placeholder="请输入 agentId" maxLength={255} />
        </Form.Item>
      )}
      {socialType === SOCIAL_TYPE.OAUTH2 && (
        <>
          <Form.Item label="授权地址" name="authorizeUrl" rules={urlRules('授权地址')}>
            <Input placeholder="如 https://sso.example.com/oauth2/authorize" maxLength={512} />
          </Form.Item>
          <Form.Item label="令牌地址" name="tokenUrl" rules={urlRules('令牌地址')}>
            <Input placeholder="如 https://sso.example.com/oauth2/token" maxLength={512} />
          </Form.Item>
          <Form.Item label="用户信息地址" name="userInfoUrl" rules={urlRules('用户信息地址')}>
            <Input placeholder="如 https://sso.example.com/oauth2/userinfo" maxLength={512} />
          </Form.Item>
          <Form.Item label="授权范围" name="scope" extra="多个以空格分隔，可不填">
            <Input placeholder="如 openid profile" maxLength={255} />
          </Form.Item>
        </>
      )}
    </>
  );
}
