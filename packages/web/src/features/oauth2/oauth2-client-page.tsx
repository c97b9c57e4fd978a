import {
  DICT_TYPE,
  isRedirectUri,
  oauth2ClientCreate,
  oauth2ClientDelete,
  oauth2ClientGet,
  oauth2ClientPage,
  oauth2ClientUpdate,
} from '@app/contract';
import type { OAuth2Client } from '@app/contract';
import { Form, InputNumber, Select, Space, Switch, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  dateTimeColumn,
  dictColumn,
  dictField,
  formItem,
  required,
  statusField,
  textColumn,
  textField,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';
import './oauth2-page.css';

const ENDPOINTS = {
  page: oauth2ClientPage,
  get: oauth2ClientGet,
  create: oauth2ClientCreate,
  update: oauth2ClientUpdate,
  delete: oauth2ClientDelete,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '应用名' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS },
];

const EMPTY_CLIENT = {
  status: 0,
  accessTokenValiditySeconds: 30 * 60,
  refreshTokenValiditySeconds: 30 * 24 * 60,
  redirectUris: [],
  authorizedGrantTypes: [],
  scopes: [],
  autoApproveScopes: [],
  authorities: [],
  resourceIds: [],
  pkceRequired: false,
};

/** Grant types that send the browser back to a registered address. */
const REDIRECTING_GRANTS = ['authorization_code', 'implicit'];

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** A tags input: the words typed, each kept once. */
const tagsSelect = (placeholder: string) => (
  <Select mode="tags" tokenSeparators={[' ', ',']} notFoundContent={null} placeholder={placeholder} />
);

const seconds = (v: number) => `${v} 秒`;

const COLUMNS: TableColumnsType<OAuth2Client> = [
  textColumn('客户端编号', 'clientId', { width: 120 }),
  textColumn('客户端密钥', 'secret', { width: 140 }),
  textColumn('应用名', 'name', { width: 140 }),
  {
    title: '应用图标',
    dataIndex: 'logo',
    width: 90,
    align: 'center',
    render: (logo: string, row) =>
      logo ? <img className="oauth2-logo" src={logo} alt={`${row.name}的图标`} /> : null,
  },
  dictColumn('状态', 'status', DICT_TYPE.COMMON_STATUS),
  textColumn('访问令牌的有效期', 'accessTokenValiditySeconds', {
    width: 140,
    ellipsis: false,
    render: seconds,
  }),
  textColumn('刷新令牌的有效期', 'refreshTokenValiditySeconds', {
    width: 140,
    ellipsis: false,
    render: seconds,
  }),
  {
    title: '授权类型',
    dataIndex: 'authorizedGrantTypes',
    align: 'center',
    render: (types: string[]) => (
      <Space size={[0, 4]} wrap>
        {types.map((type) => (
          <Tag key={type} color="processing">
            {type}
          </Tag>
        ))}
      </Space>
    ),
  },
  dateTimeColumn(),
];

const CLIENT_ID_RULES = [
  { required: true, whitespace: true, message: '客户端编号不能为空' },
  { pattern: /^[A-Za-z0-9._~-]+$/, message: '客户端编号只能包含字母、数字和 . _ ~ -' },
  { max: 255, message: '客户端编号长度不能超过 255 个字符' },
];

const LOGO_RULES = [
  {
    validator: (_: unknown, value: string | undefined) =>
      !value?.trim() || isRedirectUri(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error('应用图标的地址不正确')),
  },
];

const JSON_RULES = [
  {
    validator: (_: unknown, value: string | null | undefined) =>
      !value?.trim() || isJson(value)
        ? Promise.resolve()
        : Promise.reject(new Error('附加信息必须是 JSON 格式')),
  },
];

const validity = (
  <InputNumber min={1} precision={0} addonAfter="秒" placeholder="单位：秒" style={{ width: 220 }} />
);

/** 应用管理 (menu component system/oauth2/client/index): the OAuth2 clients. */
export function OAuth2ClientPage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '客户端',
    search: SEARCH,
    columns: COLUMNS,
    rowActions: { shownId: (row) => row.clientId },
    header: <DocAlert title="OAuth 2.0（SSO 单点登录)" url="https://doc.iocoder.cn/oauth2/" />,
    emptyText: '暂无 OAuth2 客户端',
    scrollX: 1400,
    form: {
      name: 'oauth2-client-form',
      entity: ' OAuth2 客户端',
      labelWidth: 150,
      initialValues: EMPTY_CLIENT,
      missing: 'OAuth2 客户端不存在',
    },
    fields: (
      <>
        {textField('客户端编号', 'clientId', undefined, { rules: CLIENT_ID_RULES })}
        {textField('客户端密钥', 'secret', 255)}
        {textField('应用名', 'name', 255)}
        {textField('应用图标', 'logo', undefined, {
          rules: LOGO_RULES,
          placeholder: '请输入应用图标的地址（http/https）',
        })}
        {textField('应用描述', 'description', 255, { optional: true, rows: 2 })}
        {statusField()}
        {formItem('访问令牌的有效期', 'accessTokenValiditySeconds', required('访问令牌的有效期'), validity)}
        {formItem('刷新令牌的有效期', 'refreshTokenValiditySeconds', required('刷新令牌的有效期'), validity)}
        {dictField('授权类型', 'authorizedGrantTypes', DICT_TYPE.SYSTEM_OAUTH2_GRANT_TYPE, {
          mode: 'multiple',
          placeholder: '请选择授权类型',
          valueType: 'string',
        })}
        {formItem('授权范围', 'scopes', [], tagsSelect('请输入授权范围'), '输入后回车，例如 user.read')}
        <ScopeAndRedirectFields />
        {formItem('权限', 'authorities', [], tagsSelect('请输入权限'))}
        {formItem('资源', 'resourceIds', [], tagsSelect('请输入资源'))}
        {textField('附加信息', 'additionalInformation', undefined, {
          rules: JSON_RULES,
          rows: 2,
          placeholder: '请输入附加信息，JSON 格式数据',
        })}
        <Form.Item
          label="强制 PKCE"
          name="pkceRequired"
          valuePropName="checked"
          extra="授权码模式必须携带 S256 的 code_challenge"
        >
          <Switch />
        </Form.Item>
      </>
    ),
  });
}

/** The fields that follow others: auto-approved scopes among the scopes, redirects for redirecting grants. */
function ScopeAndRedirectFields() {
  const scopes = Form.useWatch<string[] | undefined>('scopes') ?? [];
  const grantTypes = Form.useWatch<string[] | undefined>('authorizedGrantTypes') ?? [];
  const needsRedirect = grantTypes.some((g) => REDIRECTING_GRANTS.includes(g));
  return (
    <>
      <Form.Item
        label="自动授权范围"
        name="autoApproveScopes"
        extra="这些授权范围不再询问用户"
        rules={[
          {
            validator: (_: unknown, value: string[] | undefined) =>
              (value ?? []).every((s) => scopes.includes(s))
                ? Promise.resolve()
                : Promise.reject(new Error('自动授权范围必须在授权范围之内')),
          },
        ]}
      >
        <Select
          mode="multiple"
          placeholder="请选择自动授权范围"
          options={scopes.map((s) => ({ label: s, value: s }))}
        />
      </Form.Item>
      <Form.Item
        label="可重定向的 URI 地址"
        name="redirectUris"
        extra="须与授权请求的 redirect_uri 完全一致"
        rules={[
          { required: needsRedirect, message: '可重定向的 URI 地址不能为空' },
          {
            validator: (_: unknown, value: string[] | undefined) =>
              (value ?? []).every(isRedirectUri)
                ? Promise.resolve()
                : Promise.reject(new Error('重定向的 URI 格式不正确，须为 http(s) 地址且不含 #')),
          },
        ]}
      >
        {tagsSelect('请输入可重定向的 URI 地址')}
      </Form.Item>
    </>
  );
}
