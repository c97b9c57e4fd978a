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
  CreateButton,
  dateTimeColumn,
  dictColumn,
  DictRadio,
  FormDialog,
  ListPage,
  required,
  requiredText,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';

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

/**
 * 社交客户端 (menu component system/social/client/index): the tenant's clients of the social
 * platforms its users sign in with; the secret is kept encrypted and never shown again.
 */
export function SocialClientPage() {
  const list = useListPage(socialClientPage, { search: SEARCH });
  const dialog = useFormDialog();
  const actions = useEditDeleteColumn<SocialClient>({
    dialog,
    update: socialClientUpdate,
    remove: socialClientDelete,
    entity: '社交客户端',
  });

  const columns: TableColumnsType<SocialClient> = [
    { title: '编号', dataIndex: 'id', width: 80, align: 'center' },
    { title: '应用名', dataIndex: 'name', ellipsis: true, align: 'center' },
    dictColumn('社交平台', 'socialType', SOCIAL_TYPE_DICT, { width: 140 }),
    dictColumn('用户类型', 'userType', DICT_TYPE.USER_TYPE, { width: 100 }),
    { title: '客户端编号', dataIndex: 'clientId', ellipsis: true, align: 'center' },
    dictColumn('状态', 'status', DICT_TYPE.COMMON_STATUS),
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="三方登录" url="https://doc.iocoder.cn/social-user/" />}
      actions={<CreateButton endpoint={socialClientCreate} onClick={dialog.openCreate} />}
      emptyText="暂无社交客户端"
      scrollX={1000}
    >
      <FormDialog
        control={dialog}
        entity="社交客户端"
        name="social-client-form"
        get={socialClientGet}
        create={socialClientCreate}
        update={socialClientUpdate}
        labelWidth={110}
        initialValues={{ socialType: SOCIAL_TYPE.GITEE, userType: 2, status: 0 }}
        // The secret is never shown again: left empty, an update keeps it.
        toForm={(row) => ({ ...row, clientSecret: '' })}
        toBody={(values) => ({ ...values, clientSecret: (values.clientSecret as string) || null })}
      >
        {(_, updating) => (
          <>
            <Form.Item label="应用名" name="name" rules={requiredText('应用名')}>
              <Input placeholder="请输入应用名，登录页按钮的提示" maxLength={255} />
            </Form.Item>
            <Form.Item label="社交平台" name="socialType" rules={required('社交平台的类型')}>
              <DictRadio dictType={SOCIAL_TYPE_DICT} />
            </Form.Item>
            <Form.Item label="用户类型" name="userType" rules={required('用户类型')}>
              <DictRadio dictType={DICT_TYPE.USER_TYPE} />
            </Form.Item>
            <PlatformFields updating={updating} />
            <Form.Item label="状态" name="status" rules={required('状态')}>
              <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
            </Form.Item>
          </>
        )}
      </FormDialog>
    </ListPage>
  );
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
      <Form.Item
        label="客户端密钥"
        name="clientSecret"
        rules={updating ? [] : [{ required: true, whitespace: true, message: '客户端密钥不能为空' }]}
        extra={updating ? '密钥已加密保存，不修改请留空' : undefined}
      >
        <Input.Password
          placeholder={updating ? '不修改请留空' : '请输入客户端密钥'}
          autoComplete="new-password"
          maxLength={255}
        />
      </Form.Item>
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
