import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { DICT_TYPE, loginLogExport, loginLogPage } from '@app/contract';
import type { LoginLog } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Descriptions, Form, Input, Modal, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAccess } from '../../shared/access';
import { dayRange, formatDateTime } from '../../shared/date/format';
import { request, saveBlob } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { SearchActions } from '../../shared/ui/search-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import './login-log-page.css';

interface SearchValues {
  userIp?: string;
  username?: string;
  status?: 'true' | 'false';
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

const STATUS_OPTIONS = [
  { label: '成功', value: 'true' },
  { label: '失败', value: 'false' },
];

const toFilter = (values: SearchValues) => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.userIp ? { userIp: values.userIp } : {}),
    ...(values.username ? { username: values.username } : {}),
    ...(values.status ? { status: values.status } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

/** 登录日志 (menu component system/loginlog/index): sign-in attempts and sign-outs of the tenant. */
export function LoginLogPage() {
  const { modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [detail, setDetail] = useState<LoginLog | null>(null);
  const [exporting, setExporting] = useState(false);

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: ['system-login-log', 'page', query],
    queryFn: () => request(loginLogPage, { query }),
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

  // Failures are shown by the request layer; the confirmation closes either way.
  const onExport = () =>
    modal.confirm({
      title: '系统提示',
      content: '是否确认导出所有登录日志数据项?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setExporting(true);
        try {
          const blob = await request(loginLogExport, { query: toFilter(search), responseType: 'blob' });
          saveBlob(blob as Blob, '登录日志.xlsx');
        } catch {
          // Shown by the request layer.
        } finally {
          setExporting(false);
        }
      },
    });

  const columns: TableColumnsType<LoginLog> = [
    { title: '日志编号', dataIndex: 'id', width: 90, align: 'center' },
    {
      title: '日志类型',
      dataIndex: 'logType',
      width: 110,
      align: 'center',
      render: (value: number) => <DictTag type={DICT_TYPE.SYSTEM_LOGIN_TYPE} value={value} />,
    },
    { title: '用户名称', dataIndex: 'username', width: 130, ellipsis: true, align: 'center' },
    { title: '登录地址', dataIndex: 'userIp', width: 140, ellipsis: true, align: 'center' },
    { title: '浏览器', dataIndex: 'userAgent', ellipsis: true, align: 'center' },
    {
      title: '登录结果',
      dataIndex: 'result',
      width: 150,
      align: 'center',
      render: (value: number) => <DictTag type={DICT_TYPE.SYSTEM_LOGIN_RESULT} value={value} />,
    },
    {
      title: '登录日期',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (value: number) => formatDateTime(value),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      align: 'center',
      fixed: 'right',
      render: (_: unknown, row: LoginLog) => (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDetail(row)}>
          详细
        </Button>
      ),
    },
  ];

  return (
    <div className="login-log-page">
      <DocAlert title="系统日志" url="https://doc.iocoder.cn/system-log/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="loginLogSearch"
          layout="inline"
          className="login-log-search"
          onFinish={onSearch}
        >
          <Form.Item label="登录地址" name="userIp">
            <Input allowClear placeholder="请输入登录地址" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="用户名称" name="username">
            <Input allowClear placeholder="请输入用户名称" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select allowClear placeholder="结果" style={{ width: 160 }} options={STATUS_OPTIONS} />
          </Form.Item>
          <Form.Item label="登录时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="login-log-actions">
        <Space wrap>
          {hasPermi(['system:login-log:export']) && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
              导出
            </Button>
          )}
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<LoginLog>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: '暂无登录日志' }}
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
        title="登录日志详细"
        open={detail !== null}
        width={DIALOG_WIDTH_MEDIUM}
        footer={<Button onClick={() => setDetail(null)}>关 闭</Button>}
        onCancel={() => setDetail(null)}
        destroyOnHidden
      >
        {detail && (
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 110 } }}>
            <Descriptions.Item label="日志编号">{detail.id}</Descriptions.Item>
            <Descriptions.Item label="日志类型">
              <DictTag type={DICT_TYPE.SYSTEM_LOGIN_TYPE} value={detail.logType} />
            </Descriptions.Item>
            <Descriptions.Item label="用户名称">{detail.username}</Descriptions.Item>
            <Descriptions.Item label="用户编号">{detail.userId || '无（账号不存在）'}</Descriptions.Item>
            <Descriptions.Item label="用户类型">
              <DictTag type={DICT_TYPE.USER_TYPE} value={detail.userType} />
            </Descriptions.Item>
            <Descriptions.Item label="登录地址">{detail.userIp}</Descriptions.Item>
            <Descriptions.Item label="浏览器">
              <span className="login-log-detail-ua">{detail.userAgent}</span>
            </Descriptions.Item>
            <Descriptions.Item label="登录结果">
              <DictTag type={DICT_TYPE.SYSTEM_LOGIN_RESULT} value={detail.result} />
            </Descriptions.Item>
            <Descriptions.Item label="登录日期">{formatDateTime(detail.createTime)}</Descriptions.Item>
            {detail.traceId ? <Descriptions.Item label="链路追踪">{detail.traceId}</Descriptions.Item> : null}
          </Descriptions>
        )}
      </Modal>
    </div>
  );
}
