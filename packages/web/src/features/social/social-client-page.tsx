import { PlusOutlined } from '@ant-design/icons';
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
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Radio, Select, Space, Table } from 'antd';
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
import './social-page.css';

interface SearchValues {
  name?: string;
  socialType?: number;
  userType?: number;
  clientId?: string;
  status?: number;
}

interface FormValues {
  id?: number;
  name: string;
  socialType: number;
  userType: number;
  clientId: string;
  clientSecret?: string;
  agentId?: string | null;
  status: number;
  authorizeUrl?: string | null;
  tokenUrl?: string | null;
  userInfoUrl?: string | null;
  scope?: string | null;
}

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

const toFilter = (values: SearchValues): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/**
 * 社交客户端 (menu component system/social/client/index): the tenant's clients of the social
 * platforms its users sign in with; the secret is kept encrypted and never shown again.
 */
export function SocialClientPage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);
  const socialType = Form.useWatch('socialType', form);
  const asNumbers = (list: readonly { label: string; value: string }[]) =>
    list.map((d) => ({ label: d.label, value: Number(d.value) }));
  const typeOptions = asNumbers(useDictOptions(SOCIAL_TYPE_DICT));
  const userTypeOptions = asNumbers(useDictOptions(DICT_TYPE.USER_TYPE));
  const statusOptions = asNumbers(useDictOptions(DICT_TYPE.COMMON_STATUS));

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: ['system-social-client', 'page', query],
    queryFn: () => request(socialClientPage, { query }),
    placeholderData: keepPreviousData,
  });

  const save = useMutation({
    mutationFn: ({ id, clientSecret, ...values }: FormValues): Promise<unknown> =>
      id === undefined
        ? request(socialClientCreate, { body: { ...values, clientSecret: clientSecret ?? '' } })
        : request(socialClientUpdate, { body: { ...values, id, clientSecret: clientSecret || null } }),
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
    form.setFieldsValue({ socialType: SOCIAL_TYPE.GITEE, userType: 2, status: 0 });
    setEditing('create');
  };
  const openUpdate = async (row: SocialClient) => {
    const current = (await request(socialClientGet, { query: { id: row.id } })) ?? row;
    form.resetFields();
    form.setFieldsValue({ ...current, clientSecret: '' });
    setEditing('update');
  };
  const onSubmit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(values.id === undefined ? '新增成功' : '修改成功');
    setEditing(null);
    await page.refetch();
  };

  const onDelete = (row: SocialClient) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除社交客户端编号为"${row.id}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(socialClientDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await page.refetch();
      },
    });

  const canUpdate = hasPermi(['system:social-client:update']);
  const canDelete = hasPermi(['system:social-client:delete']);
  const columns: TableColumnsType<SocialClient> = [
    { title: '编号', dataIndex: 'id', width: 80, align: 'center' },
    { title: '应用名', dataIndex: 'name', ellipsis: true, align: 'center' },
    {
      title: '社交平台',
      dataIndex: 'socialType',
      width: 140,
      align: 'center',
      render: (v: number) => <DictTag type={SOCIAL_TYPE_DICT} value={v} />,
    },
    {
      title: '用户类型',
      dataIndex: 'userType',
      width: 100,
      align: 'center',
      render: (v: number) => <DictTag type={DICT_TYPE.USER_TYPE} value={v} />,
    },
    { title: '客户端编号', dataIndex: 'clientId', ellipsis: true, align: 'center' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (v: number) => <DictTag type={DICT_TYPE.COMMON_STATUS} value={v} />,
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
            render: (_: unknown, row: SocialClient) => (
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
    <div className="social-page">
      <DocAlert title="三方登录" url="https://doc.iocoder.cn/social-user/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="socialClientSearch"
          layout="inline"
          className="social-search"
          onFinish={onSearch}
        >
          <Form.Item label="应用名" name="name">
            <Input allowClear placeholder="请输入应用名" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item label="社交平台" name="socialType">
            <Select allowClear placeholder="请选择社交平台" style={{ width: 160 }} options={typeOptions} />
          </Form.Item>
          <Form.Item label="用户类型" name="userType">
            <Select
              allowClear
              placeholder="请选择用户类型"
              style={{ width: 140 }}
              options={userTypeOptions}
            />
          </Form.Item>
          <Form.Item label="客户端编号" name="clientId">
            <Input allowClear placeholder="请输入客户端编号" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select allowClear placeholder="请选择状态" style={{ width: 120 }} options={statusOptions} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="social-actions">
        <Space wrap>
          {hasPermi(['system:social-client:create']) && (
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

      <Table<SocialClient>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: '暂无社交客户端' }}
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
        title={editing === 'update' ? '修改社交客户端' : '添加社交客户端'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> name="social-client-form" form={form} labelCol={{ flex: '110px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item
            label="应用名"
            name="name"
            rules={[{ required: true, whitespace: true, message: '应用名不能为空' }]}
          >
            <Input placeholder="请输入应用名，登录页按钮的提示" maxLength={255} />
          </Form.Item>
          <Form.Item
            label="社交平台"
            name="socialType"
            rules={[{ required: true, message: '社交平台的类型不能为空' }]}
          >
            <Radio.Group options={typeOptions} />
          </Form.Item>
          <Form.Item
            label="用户类型"
            name="userType"
            rules={[{ required: true, message: '用户类型不能为空' }]}
          >
            <Radio.Group options={userTypeOptions} />
          </Form.Item>
          <Form.Item
            label="客户端编号"
            name="clientId"
            rules={[{ required: true, whitespace: true, message: '客户端编号不能为空' }]}
            extra={CLIENT_ID_HINTS[socialType ?? 0]}
          >
            <Input placeholder="请输入客户端编号" maxLength={255} />
          </Form.Item>
          <Form.Item
            label="客户端密钥"
            name="clientSecret"
            rules={
              editing === 'create'
                ? [{ required: true, whitespace: true, message: '客户端密钥不能为空' }]
                : []
            }
            extra={editing === 'update' ? '密钥已加密保存，不修改请留空' : undefined}
          >
            <Input.Password
              placeholder={editing === 'update' ? '不修改请留空' : '请输入客户端密钥'}
              autoComplete="new-password"
              maxLength={255}
            />
          </Form.Item>
          {socialType === SOCIAL_TYPE.WECHAT_ENTERPRISE && (
            <Form.Item
              label="agentId"
              name="agentId"
              rules={[{ required: true, whitespace: true, message: 'agentId 不能为空' }]}
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
          <Form.Item label="状态" name="status" rules={[{ required: true, message: '状态不能为空' }]}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
