import { DICT_TYPE, notifyMessagePage } from '@app/contract';
import type { NotifyMessage, NotifyMessagePageReq } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Descriptions, Form, Input, Modal, Select, Table, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAccess } from '../../shared/access';
import { dayRange, formatDateTime } from '../../shared/date/format';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { SearchActions } from '../../shared/ui/search-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import './notify-admin.css';

interface SearchValues {
  userId?: string;
  userType?: number;
  templateCode?: string;
  templateType?: number;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

type Filters = Omit<NotifyMessagePageReq, 'pageNo' | 'pageSize'>;

export const toMessageFilters = (values: SearchValues): Filters => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.userId?.trim() ? { userId: values.userId.trim() } : {}),
    ...(values.userType !== undefined ? { userType: String(values.userType) as '1' | '2' } : {}),
    ...(values.templateCode?.trim() ? { templateCode: values.templateCode.trim() } : {}),
    ...(values.templateType !== undefined ? { templateType: String(values.templateType) } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

const paramsText = (params: Record<string, unknown>) => JSON.stringify(params);

/**
 * 站内信消息 (menu component system/notify/message/index): every in-site message of the tenant's
 * users, with filters and a detail dialog. Read-only.
 */
export function NotifyMessagePage() {
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [filters, setFilters] = useState<Filters>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [detail, setDetail] = useState<NotifyMessage | null>(null);
  const userTypeOptions = useDictOptions(DICT_TYPE.USER_TYPE).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));
  const templateTypeOptions = useDictOptions(DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const query = { pageNo, pageSize, ...filters };
  const page = useQuery({
    queryKey: ['notify-message', 'page', query],
    queryFn: () => request(notifyMessagePage, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const onSearch = (values: SearchValues) => {
    setFilters(toMessageFilters(values));
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const canQuery = hasPermi(['system:notify-message:query']);
  const columns: TableColumnsType<NotifyMessage> = [
    { title: '编号', dataIndex: 'id', width: 80, align: 'center' },
    {
      title: '用户类型',
      dataIndex: 'userType',
      width: 90,
      align: 'center',
      render: (v: number) => <DictTag type={DICT_TYPE.USER_TYPE} value={v} />,
    },
    { title: '用户编号', dataIndex: 'userId', width: 90, align: 'center' },
    { title: '模板编码', dataIndex: 'templateCode', width: 150, ellipsis: true, align: 'center' },
    { title: '发送人名称', dataIndex: 'templateNickname', width: 120, ellipsis: true, align: 'center' },
    {
      title: '模版内容',
      dataIndex: 'templateContent',
      width: 240,
      ellipsis: { showTitle: false },
      render: (v: string) => (
        <Tooltip title={v} placement="topLeft">
          <span>{v}</span>
        </Tooltip>
      ),
    },
    {
      title: '模版参数',
      dataIndex: 'templateParams',
      width: 180,
      ellipsis: { showTitle: false },
      render: (v: Record<string, unknown>) => (
        <Tooltip title={paramsText(v)} placement="topLeft">
          <span className="notify-admin-params">{paramsText(v)}</span>
        </Tooltip>
      ),
    },
    {
      title: '模版类型',
      dataIndex: 'templateType',
      width: 100,
      align: 'center',
      render: (v: number) => <DictTag type={DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE} value={v} />,
    },
    {
      title: '是否已读',
      dataIndex: 'readStatus',
      width: 90,
      align: 'center',
      render: (v: boolean) => <DictTag type={DICT_TYPE.INFRA_BOOLEAN_STRING} value={v} />,
    },
    {
      title: '阅读时间',
      dataIndex: 'readTime',
      width: 170,
      align: 'center',
      render: (v: number | null) => formatDateTime(v),
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    ...(canQuery
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            fixed: 'right' as const,
            align: 'center' as const,
            render: (_: unknown, row: NotifyMessage) => (
              <Button type="link" size="small" onClick={() => setDetail(row)}>
                详情
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="notify-admin-page notify-message-page">
      <DocAlert title="站内信配置" url="https://doc.iocoder.cn/notify/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="notifyMessageSearch"
          layout="inline"
          className="notify-admin-search"
          onFinish={onSearch}
        >
          <Form.Item
            label="用户编号"
            name="userId"
            rules={[{ pattern: /^\s*\d*\s*$/, message: '用户编号必须是数字' }]}
          >
            <Input allowClear placeholder="请输入用户编号" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item label="用户类型" name="userType">
            <Select
              allowClear
              placeholder="请选择用户类型"
              style={{ width: 160 }}
              options={userTypeOptions}
            />
          </Form.Item>
          <Form.Item label="模板编码" name="templateCode">
            <Input allowClear placeholder="请输入模板编码" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item label="模版类型" name="templateType">
            <Select
              allowClear
              placeholder="请选择模版类型"
              style={{ width: 160 }}
              options={templateTypeOptions}
            />
          </Form.Item>
          <Form.Item label="创建时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="notify-admin-actions">
        <span />
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<NotifyMessage>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1560 }}
        locale={{ emptyText: '暂无站内信' }}
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
        title="详情"
        open={detail !== null}
        width={DIALOG_WIDTH_MEDIUM}
        footer={null}
        onCancel={() => setDetail(null)}
        destroyOnHidden
      >
        {detail && (
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 120 } }}>
            <Descriptions.Item label="编号">{detail.id}</Descriptions.Item>
            <Descriptions.Item label="用户类型">
              <DictTag type={DICT_TYPE.USER_TYPE} value={detail.userType} />
            </Descriptions.Item>
            <Descriptions.Item label="用户编号">{detail.userId}</Descriptions.Item>
            <Descriptions.Item label="模版编号">{detail.templateId}</Descriptions.Item>
            <Descriptions.Item label="模板编码">{detail.templateCode}</Descriptions.Item>
            <Descriptions.Item label="发送人名称">{detail.templateNickname}</Descriptions.Item>
            <Descriptions.Item label="模版内容">{detail.templateContent}</Descriptions.Item>
            <Descriptions.Item label="模版参数">
              <span className="notify-admin-params">{paramsText(detail.templateParams)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="模版类型">
              <DictTag type={DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE} value={detail.templateType} />
            </Descriptions.Item>
            <Descriptions.Item label="是否已读">
              <DictTag type={DICT_TYPE.INFRA_BOOLEAN_STRING} value={detail.readStatus} />
            </Descriptions.Item>
            <Descriptions.Item label="阅读时间">{formatDateTime(detail.readTime)}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatDateTime(detail.createTime)}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </div>
  );
}

export default NotifyMessagePage;
