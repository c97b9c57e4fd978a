import { PlusOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  isRedirectUri,
  oauth2ClientCreate,
  oauth2ClientDelete,
  oauth2ClientGet,
  oauth2ClientPage,
  oauth2ClientUpdate,
} from '@app/contract';
import type { OAuth2Client, OAuth2ClientCreateReq, OAuth2GrantType } from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAccess } from '../../shared/access';
import { formatDateTime } from '../../shared/date/format';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../shared/ui/row-actions';
import { SearchActions } from '../../shared/ui/search-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import './oauth2-page.css';

const CLIENT_KEY = 'oauth2-client';

interface SearchValues {
  name?: string;
  status?: number;
}

type FormValues = OAuth2ClientCreateReq & { id?: number };

const EMPTY_CLIENT: Partial<FormValues> = {
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

/** 应用管理 (menu component system/oauth2/client/index): the OAuth2 clients. */
export function OAuth2ClientPage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));
  const grantTypeOptions = useDictOptions(DICT_TYPE.SYSTEM_OAUTH2_GRANT_TYPE).map((d) => ({
    label: d.label,
    value: d.value,
  }));
  const scopes = Form.useWatch('scopes', form) ?? [];
  const grantTypes = Form.useWatch('authorizedGrantTypes', form) ?? [];
  const needsRedirect = grantTypes.some((g) => REDIRECTING_GRANTS.includes(g));

  const query = {
    pageNo,
    pageSize,
    ...(search.name ? { name: search.name } : {}),
    ...(search.status !== undefined ? { status: String(search.status) as '0' | '1' } : {}),
  };
  const page = useQuery({
    queryKey: [CLIENT_KEY, 'page', query],
    queryFn: () => request(oauth2ClientPage, { query }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [CLIENT_KEY] });

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> =>
      values.id === undefined
        ? request(oauth2ClientCreate, { body: values })
        : request(oauth2ClientUpdate, { body: { ...values, id: values.id } }),
  });

  const onSearch = (values: SearchValues) => {
    setSearch(values);
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const openCreate = () => {
    form.resetFields();
    form.setFieldsValue(EMPTY_CLIENT);
    setEditing('create');
  };
  const openUpdate = async (row: OAuth2Client) => {
    const current = await request(oauth2ClientGet, { query: { id: row.id } });
    if (!current) {
      void message.error('OAuth2 客户端不存在');
      await refresh();
      return;
    }
    form.resetFields();
    form.setFieldsValue({
      ...current,
      authorizedGrantTypes: current.authorizedGrantTypes as OAuth2GrantType[],
    });
    setEditing('update');
  };
  const onSubmit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(values.id === undefined ? '新增成功' : '修改成功');
    setEditing(null);
    await refresh();
  };

  const onDelete = (row: OAuth2Client) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除客户端编号为"${row.clientId}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(oauth2ClientDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await refresh();
      },
    });

  const canUpdate = hasPermi(['system:oauth2-client:update']);
  const canDelete = hasPermi(['system:oauth2-client:delete']);
  const seconds = (v: number) => `${v} 秒`;
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
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (status: number) => <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />,
    },
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
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    ...(canUpdate || canDelete
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 150,
            align: 'center' as const,
            fixed: 'right' as const,
            render: (_: unknown, row: OAuth2Client) => (
              <RowActions
                actions={[
                  updateAction(() => void openUpdate(row), { visible: canUpdate }),
                  deleteAction(() => onDelete(row), { visible: canDelete }),
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="oauth2-page">
      <DocAlert title="OAuth 2.0（SSO 单点登录)" url="https://doc.iocoder.cn/oauth2/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="oauth2ClientSearch"
          layout="inline"
          className="oauth2-search"
          onFinish={onSearch}
        >
          <Form.Item label="应用名" name="name">
            <Input allowClear placeholder="请输入应用名" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select allowClear placeholder="请选择状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="oauth2-actions">
        <Space wrap>
          {hasPermi(['system:oauth2-client:create']) && (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={openCreate}>
              新增
            </Button>
          )}
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<OAuth2Client>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1400 }}
        locale={{ emptyText: '暂无 OAuth2 客户端' }}
      />
      <Pagination
        total={page.data?.total ?? 0}
        page={pageNo}
        limit={pageSize}
        onChange={(nextPage, nextSize) => {
          setPageNo(nextPage);
          setPageSize(nextSize);
        }}
      />

      <Modal
        title={editing === 'update' ? '修改 OAuth2 客户端' : '添加 OAuth2 客户端'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> name="oauth2-client-form" form={form} labelCol={{ flex: '150px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
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
          <Form.Item
            label="客户端密钥"
            name="secret"
            rules={[
              { required: true, whitespace: true, message: '客户端密钥不能为空' },
              { max: 255, message: '客户端密钥长度不能超过 255 个字符' },
            ]}
          >
            <Input placeholder="请输入客户端密钥" />
          </Form.Item>
          <Form.Item
            label="应用名"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '应用名不能为空' },
              { max: 255, message: '应用名长度不能超过 255 个字符' },
            ]}
          >
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
          <Form.Item
            label="应用描述"
            name="description"
            rules={[{ max: 255, message: '应用描述长度不能超过 255 个字符' }]}
          >
            <Input.TextArea rows={2} placeholder="请输入应用描述" />
          </Form.Item>
          <Form.Item label="状态" name="status" rules={[{ required: true, message: '状态不能为空' }]}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
          <Form.Item
            label="访问令牌的有效期"
            name="accessTokenValiditySeconds"
            rules={[{ required: true, message: '访问令牌的有效期不能为空' }]}
          >
            <InputNumber
              min={1}
              precision={0}
              addonAfter="秒"
              placeholder="单位：秒"
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item
            label="刷新令牌的有效期"
            name="refreshTokenValiditySeconds"
            rules={[{ required: true, message: '刷新令牌的有效期不能为空' }]}
          >
            <InputNumber
              min={1}
              precision={0}
              addonAfter="秒"
              placeholder="单位：秒"
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item
            label="授权类型"
            name="authorizedGrantTypes"
            rules={[{ required: true, message: '授权类型不能为空' }]}
          >
            <Select mode="multiple" placeholder="请选择授权类型" options={grantTypeOptions} />
          </Form.Item>
          <Form.Item label="授权范围" name="scopes" extra="输入后回车，例如 user.read">
            {tagsSelect('请输入授权范围')}
          </Form.Item>
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
        </Form>
      </Modal>
    </div>
  );
}
