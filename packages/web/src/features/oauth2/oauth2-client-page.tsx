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
import { App, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  CreateButton,
  dateTimeColumn,
  dictColumn,
  DictRadio,
  DictSelect,
  FormDialog,
  ListPage,
  maxLength,
  required,
  requiredText,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';
import './oauth2-page.css';

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

/** 应用管理 (menu component system/oauth2/client/index): the OAuth2 clients. */
export function OAuth2ClientPage() {
  const { message } = App.useApp();
  const list = useListPage(oauth2ClientPage, { search: SEARCH });
  const dialog = useFormDialog();
  const actions = useEditDeleteColumn<OAuth2Client>({
    dialog,
    update: oauth2ClientUpdate,
    remove: oauth2ClientDelete,
    entity: '客户端',
    shownId: (row) => row.clientId,
    fixed: 'right',
  });

  const columns: TableColumnsType<OAuth2Client> = [
    { title: '客户端编号', dataIndex: 'clientId', width: 120, align: 'center', ellipsis: true },
    { title: '客户端密钥', dataIndex: 'secret', width: 140, align: 'center', ellipsis: true },
    { title: '应用名', dataIndex: 'name', width: 140, align: 'center', ellipsis: true },
    {
      title: '应用图标',
      dataIndex: 'logo',
      width: 90,
      align: 'center',
      render: (logo: string, row) =>
        logo ? <img className="oauth2-logo" src={logo} alt={`${row.name}的图标`} /> : null,
    },
    dictColumn('状态', 'status', DICT_TYPE.COMMON_STATUS),
    {
      title: '访问令牌的有效期',
      dataIndex: 'accessTokenValiditySeconds',
      width: 140,
      align: 'center',
      render: seconds,
    },
    {
      title: '刷新令牌的有效期',
      dataIndex: 'refreshTokenValiditySeconds',
      width: 140,
      align: 'center',
      render: seconds,
    },
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
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="OAuth 2.0（SSO 单点登录)" url="https://doc.iocoder.cn/oauth2/" />}
      actions={<CreateButton endpoint={oauth2ClientCreate} onClick={dialog.openCreate} />}
      emptyText="暂无 OAuth2 客户端"
      scrollX={1400}
    >
      <FormDialog
        control={dialog}
        entity=" OAuth2 客户端"
        name="oauth2-client-form"
        get={oauth2ClientGet}
        create={oauth2ClientCreate}
        update={oauth2ClientUpdate}
        labelWidth={150}
        initialValues={EMPTY_CLIENT}
        toForm={(row) => {
          if (row) return row;
          // Deleted meanwhile: say so, close the dialog and show the list without it.
          void message.error('OAuth2 客户端不存在');
          list.refresh();
          throw new Error('OAuth2 客户端不存在');
        }}
      >
        <Form.Item
          label="客户端编号"
          name="clientId"
          rules={[
            { required: true, whitespace: true, message: '客户端编号不能为空' },
            { pattern: /^[A-Za-z0-9._~-]+$/, message: '客户端编号只能包含字母、数字和 . _ ~ -' },
            { max: 255, message: '客户端编号长度不能超过 255 个字符' },
          ]}
        >
          <Input placeholder="请输入客户端编号" />
        </Form.Item>
        <Form.Item label="客户端密钥" name="secret" rules={requiredText('客户端密钥', 255)}>
          <Input placeholder="请输入客户端密钥" />
        </Form.Item>
        <Form.Item label="应用名" name="name" rules={requiredText('应用名', 255)}>
          <Input placeholder="请输入应用名" />
        </Form.Item>
        <Form.Item
          label="应用图标"
          name="logo"
          rules={[
            {
              validator: (_: unknown, value: string | undefined) =>
                !value?.trim() || isRedirectUri(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error('应用图标的地址不正确')),
            },
          ]}
        >
          <Input placeholder="请输入应用图标的地址（http/https）" />
        </Form.Item>
        <Form.Item label="应用描述" name="description" rules={maxLength('应用描述', 255)}>
          <Input.TextArea rows={2} placeholder="请输入应用描述" />
        </Form.Item>
        <Form.Item label="状态" name="status" rules={required('状态')}>
          <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
        </Form.Item>
        <Form.Item
          label="访问令牌的有效期"
          name="accessTokenValiditySeconds"
          rules={required('访问令牌的有效期')}
        >
          <InputNumber min={1} precision={0} addonAfter="秒" placeholder="单位：秒" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          label="刷新令牌的有效期"
          name="refreshTokenValiditySeconds"
          rules={required('刷新令牌的有效期')}
        >
          <InputNumber min={1} precision={0} addonAfter="秒" placeholder="单位：秒" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item label="授权类型" name="authorizedGrantTypes" rules={required('授权类型')}>
          <DictSelect
            mode="multiple"
            placeholder="请选择授权类型"
            dictType={DICT_TYPE.SYSTEM_OAUTH2_GRANT_TYPE}
            valueType="string"
          />
        </Form.Item>
        <Form.Item label="授权范围" name="scopes" extra="输入后回车，例如 user.read">
          {tagsSelect('请输入授权范围')}
        </Form.Item>
        <ScopeAndRedirectFields />
        <Form.Item label="权限" name="authorities">
          {tagsSelect('请输入权限')}
        </Form.Item>
        <Form.Item label="资源" name="resourceIds">
          {tagsSelect('请输入资源')}
        </Form.Item>
        <Form.Item
          label="附加信息"
          name="additionalInformation"
          rules={[
            {
              validator: (_: unknown, value: string | null | undefined) =>
                !value?.trim() || isJson(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error('附加信息必须是 JSON 格式')),
            },
          ]}
        >
          <Input.TextArea rows={2} placeholder="请输入附加信息，JSON 格式数据" />
        </Form.Item>
        <Form.Item
          label="强制 PKCE"
          name="pkceRequired"
          valuePropName="checked"
          extra="授权码模式必须携带 S256 的 code_challenge"
        >
          <Switch />
        </Form.Item>
      </FormDialog>
    </ListPage>
  );
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
