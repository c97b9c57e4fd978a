import { LogoutOutlined } from '@ant-design/icons';
import { DICT_TYPE, oauth2TokenDelete, oauth2TokenPage } from '@app/contract';
import type { OAuth2AccessToken } from '@app/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAccess } from '../../shared/access';
import { formatDateTime } from '../../shared/date/format';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { SearchActions } from '../../shared/ui/search-actions';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import './oauth2-page.css';

const TOKEN_KEY = 'oauth2-token';

interface SearchValues {
  userId?: string;
  userType?: string;
  clientId?: string;
}

/** A token digest, shortened in the cell and copyable in full. */
const digestCell = (digest: string) => (
  <Typography.Text className="oauth2-digest" copyable={{ text: digest, tooltips: ['复制', '已复制'] }}>
    {`${digest.slice(0, 16)}…`}
  </Typography.Text>
);

/**
 * 令牌管理 (menu component system/oauth2/token/index): the tenant's unexpired access tokens. Only
 * their SHA-256 digests are stored, so the digests are what the list shows and 强退 sends.
 */
export function OAuth2TokenPage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<SearchValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const userTypeOptions = useDictOptions(DICT_TYPE.USER_TYPE).map((d) => ({
    label: d.label,
    value: d.value,
  }));

  const query = {
    pageNo,
    pageSize,
    ...(search.userId?.trim() ? { userId: search.userId.trim() } : {}),
    ...(search.userType ? { userType: search.userType } : {}),
    ...(search.clientId?.trim() ? { clientId: search.clientId.trim() } : {}),
  };
  const page = useQuery({
    queryKey: [TOKEN_KEY, 'page', query],
    queryFn: () => request(oauth2TokenPage, { query }),
    placeholderData: keepPreviousData,
  });

  const onSearch = (values: SearchValues) => {
    setSearch(values);
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const onForceLogout = (row: OAuth2AccessToken) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认强退令牌为"${row.accessToken}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(oauth2TokenDelete, { query: { accessToken: row.accessToken } });
        void message.success('强退成功');
        await queryClient.invalidateQueries({ queryKey: [TOKEN_KEY] });
      },
    });

  const canDelete = hasPermi(['system:oauth2-token:delete']);
  const columns: TableColumnsType<OAuth2AccessToken> = [
    { title: '访问令牌', dataIndex: 'accessToken', width: 220, align: 'center', render: digestCell },
    { title: '刷新令牌', dataIndex: 'refreshToken', width: 220, align: 'center', render: digestCell },
    { title: '用户编号', dataIndex: 'userId', width: 100, align: 'center' },
    {
      title: '用户类型',
      dataIndex: 'userType',
      width: 100,
      align: 'center',
      render: (userType: number) => <DictTag type={DICT_TYPE.USER_TYPE} value={userType} />,
    },
    { title: '客户端编号', dataIndex: 'clientId', width: 120, align: 'center', ellipsis: true },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    {
      title: '过期时间',
      dataIndex: 'expiresTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    ...(canDelete
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 100,
            align: 'center' as const,
            fixed: 'right' as const,
            render: (_: unknown, row: OAuth2AccessToken) => (
              <Button
                type="link"
                size="small"
                danger
                icon={<LogoutOutlined />}
                onClick={() => onForceLogout(row)}
              >
                强退
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="oauth2-page">
      <DocAlert title="OAuth 2.0（SSO 单点登录)" url="https://doc.iocoder.cn/oauth2/" />
      <DocAlert title="用户体系" url="https://doc.iocoder.cn/user-center/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="oauth2TokenSearch"
          layout="inline"
          className="oauth2-search"
          onFinish={onSearch}
        >
          <Form.Item
            label="用户编号"
            name="userId"
            rules={[{ pattern: /^\d*$/, message: '用户编号必须是数字' }]}
          >
            <Input allowClear placeholder="请输入用户编号" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item label="客户端编号" name="clientId">
            <Input allowClear placeholder="请输入客户端编号" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item label="用户类型" name="userType">
            <Select
              allowClear
              placeholder="请选择用户类型"
              style={{ width: 160 }}
              options={userTypeOptions}
            />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="oauth2-actions">
        <span />
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<OAuth2AccessToken>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1200 }}
        locale={{ emptyText: '暂无令牌' }}
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
    </div>
  );
}
