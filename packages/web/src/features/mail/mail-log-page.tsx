import { EyeOutlined } from '@ant-design/icons';
import { DICT_TYPE, mailAccountListAllSimple, mailLogGet, mailLogPage } from '@app/contract';
import type { MailLog, MailLogPageReq } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Descriptions, Form, Input, Modal, Select, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { dayRange, formatDateTime } from '../../shared/date/format';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { SearchActions } from '../../shared/ui/search-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import './mail-page.css';

interface SearchValues {
  sendTime?: [Dayjs | null, Dayjs | null] | null;
  userId?: string;
  userType?: number;
  sendStatus?: number;
  accountId?: number;
  templateId?: string;
}

const toFilter = (values: SearchValues) => {
  const sendTime = dayRange(values.sendTime);
  return {
    ...(sendTime ? { sendTime } : {}),
    ...(values.userId?.trim() ? { userId: values.userId.trim() } : {}),
    ...(values.userType !== undefined ? { userType: String(values.userType) as '1' | '2' } : {}),
    ...(values.sendStatus !== undefined
      ? { sendStatus: String(values.sendStatus) as MailLogPageReq['sendStatus'] }
      : {}),
    ...(values.accountId !== undefined ? { accountId: String(values.accountId) } : {}),
    ...(values.templateId?.trim() ? { templateId: values.templateId.trim() } : {}),
  };
};

const numericId = [{ pattern: /^\d*$/, message: '请输入数字编号' }];

/** 邮件记录 (menu component system/mail/log/index): every mail sent or queued, with its result. */
export function MailLogPage() {
  const [searchForm] = Form.useForm<SearchValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [detail, setDetail] = useState<MailLog | null>(null);
  const toOption = (d: { label: string; value: string }) => ({ label: d.label, value: Number(d.value) });
  const userTypeOptions = useDictOptions(DICT_TYPE.USER_TYPE).map(toOption);
  const statusOptions = useDictOptions(DICT_TYPE.SYSTEM_MAIL_SEND_STATUS).map(toOption);

  const accounts = useQuery({
    queryKey: ['system-mail-account', 'simple'],
    queryFn: () => request(mailAccountListAllSimple),
  });
  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: ['system-mail-log', 'page', query],
    queryFn: () => request(mailLogPage, { query }),
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
  // The row may be stale (a queued mail is sent in the background): show the log as it is now.
  const openDetail = async (row: MailLog) =>
    setDetail((await request(mailLogGet, { query: { id: row.id } })) ?? row);

  const columns: TableColumnsType<MailLog> = [
    { title: '编号', dataIndex: 'id', width: 80, align: 'center' },
    {
      title: '发送时间',
      dataIndex: 'sendTime',
      width: 165,
      align: 'center',
      render: (v: number | null) => formatDateTime(v),
    },
    { title: '接收邮箱', dataIndex: 'toMail', width: 170, ellipsis: true, align: 'center' },
    { title: '邮件标题', dataIndex: 'templateTitle', ellipsis: true, align: 'center' },
    {
      title: '发送状态',
      dataIndex: 'sendStatus',
      width: 100,
      align: 'center',
      render: (v: number) => <DictTag type={DICT_TYPE.SYSTEM_MAIL_SEND_STATUS} value={v} />,
    },
    { title: '邮箱账号', dataIndex: 'fromMail', width: 170, ellipsis: true, align: 'center' },
    { title: '模板编号', dataIndex: 'templateId', width: 90, align: 'center' },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      align: 'center',
      fixed: 'right',
      render: (_: unknown, row: MailLog) => (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => void openDetail(row)}>
          详细
        </Button>
      ),
    },
  ];

  return (
    <div className="mail-page">
      <DocAlert title="邮件配置" url="https://doc.iocoder.cn/mail" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="mailLogSearch"
          layout="inline"
          className="mail-search"
          onFinish={onSearch}
        >
          <Form.Item label="发送时间" name="sendTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <Form.Item label="用户编号" name="userId" rules={numericId}>
            <Input allowClear placeholder="请输入用户编号" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label="用户类型" name="userType">
            <Select
              allowClear
              placeholder="请选择用户类型"
              style={{ width: 160 }}
              options={userTypeOptions}
            />
          </Form.Item>
          <Form.Item label="发送状态" name="sendStatus">
            <Select allowClear placeholder="请选择发送状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <Form.Item label="邮箱账号" name="accountId">
            <Select
              allowClear
              placeholder="请选择邮箱账号"
              style={{ width: 200 }}
              options={(accounts.data ?? []).map((a) => ({ label: a.mail, value: a.id }))}
              loading={accounts.isFetching}
            />
          </Form.Item>
          <Form.Item label="模板编号" name="templateId" rules={numericId}>
            <Input allowClear placeholder="请输入模板编号" style={{ width: 160 }} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="mail-actions">
        <span />
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<MailLog>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: '暂无邮件记录' }}
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
        title="邮件日志详情"
        open={detail !== null}
        width={DIALOG_WIDTH_MEDIUM + 200}
        footer={<Button onClick={() => setDetail(null)}>关 闭</Button>}
        onCancel={() => setDetail(null)}
        destroyOnHidden
      >
        {detail && (
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 140 } }}>
            <Descriptions.Item label="编号">{detail.id}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatDateTime(detail.createTime)}</Descriptions.Item>
            <Descriptions.Item label="发送邮箱地址">{detail.fromMail}</Descriptions.Item>
            <Descriptions.Item label="接收邮箱">{detail.toMail}</Descriptions.Item>
            <Descriptions.Item label="用户">
              {detail.userId ?? '无'}{' '}
              {detail.userType !== null && <DictTag type={DICT_TYPE.USER_TYPE} value={detail.userType} />}
            </Descriptions.Item>
            <Descriptions.Item label="模板编号">{detail.templateId}</Descriptions.Item>
            <Descriptions.Item label="模板编码">{detail.templateCode}</Descriptions.Item>
            <Descriptions.Item label="模版发送人名称">{detail.templateNickname ?? '无'}</Descriptions.Item>
            <Descriptions.Item label="邮件标题">{detail.templateTitle}</Descriptions.Item>
            <Descriptions.Item label="邮件内容">
              <iframe
                className="mail-preview"
                title="邮件内容预览"
                sandbox=""
                srcDoc={detail.templateContent}
              />
            </Descriptions.Item>
            <Descriptions.Item label="邮件参数">
              <span className="mail-detail-text">{JSON.stringify(detail.templateParams)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="发送状态">
              <DictTag type={DICT_TYPE.SYSTEM_MAIL_SEND_STATUS} value={detail.sendStatus} />
            </Descriptions.Item>
            <Descriptions.Item label="发送时间">{formatDateTime(detail.sendTime) || '无'}</Descriptions.Item>
            <Descriptions.Item label="发送返回的消息编号">
              <span className="mail-detail-text">{detail.sendMessageId ?? '无'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="发送异常">
              <span className="mail-detail-text">{detail.sendException ?? '无'}</span>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </div>
  );
}
