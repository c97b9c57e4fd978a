import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { DICT_TYPE, SMS_SEND_STATUS, smsLogExportExcel, smsLogPage } from '@app/contract';
import type { SmsLog } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
} from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAccess } from '../../shared/access';
import { dayRange, formatDateTime } from '../../shared/date/format';
import { useDictOptions } from '../../shared/dict';
import { request, saveBlob } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { SearchActions } from '../../shared/ui/search-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import { useSmsChannelOptions } from './sms-channels';
import './sms-page.css';

type Range = [Dayjs | null, Dayjs | null] | null;

interface SearchValues {
  mobile?: string;
  channelId?: number;
  templateId?: number | null;
  sendStatus?: number;
  sendTime?: Range;
  receiveStatus?: number;
  receiveTime?: Range;
}

/** While a shown message still waits for its send, the list refreshes this often. */
const PENDING_REFRESH_MS = 2_000;

const toFilter = (values: SearchValues) => {
  const sendTime = dayRange(values.sendTime);
  const receiveTime = dayRange(values.receiveTime);
  return {
    ...(values.mobile ? { mobile: values.mobile } : {}),
    ...(values.channelId !== undefined ? { channelId: String(values.channelId) } : {}),
    ...(values.templateId !== undefined && values.templateId !== null
      ? { templateId: String(values.templateId) }
      : {}),
    ...(values.sendStatus !== undefined ? { sendStatus: String(values.sendStatus) } : {}),
    ...(values.receiveStatus !== undefined ? { receiveStatus: String(values.receiveStatus) } : {}),
    ...(sendTime ? { sendTime } : {}),
    ...(receiveTime ? { receiveTime } : {}),
  };
};

const dictOptions = (items: readonly { label: string; value: string }[]) =>
  items.map((d) => ({ label: d.label, value: Number(d.value) }));

/** 短信日志 (menu component system/sms/log/index): every SMS sent, read-only. */
export function SmsLogPage() {
  const { modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [detail, setDetail] = useState<SmsLog | null>(null);
  const [exporting, setExporting] = useState(false);
  const { options: channelOptions, signatureOf } = useSmsChannelOptions();
  const sendStatusOptions = dictOptions(useDictOptions(DICT_TYPE.SYSTEM_SMS_SEND_STATUS));
  const receiveStatusOptions = dictOptions(useDictOptions(DICT_TYPE.SYSTEM_SMS_RECEIVE_STATUS));

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: ['system-sms-log', 'page', query],
    queryFn: () => request(smsLogPage, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.list.some((l) => l.sendStatus === SMS_SEND_STATUS.INIT) ? PENDING_REFRESH_MS : false,
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
      content: '是否确认导出所有短信日志数据项?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setExporting(true);
        try {
          const blob = await request(smsLogExportExcel, { query: toFilter(search), responseType: 'blob' });
          saveBlob(blob as Blob, '短信日志.xlsx');
        } catch {
          // Shown by the request layer.
        } finally {
          setExporting(false);
        }
      },
    });

  const statusCell = (type: string, status: number, time: number | null) => (
    <div className="sms-cell-lines">
      <DictTag type={type} value={status} />
      {time ? <span className="sms-cell-muted">{formatDateTime(time)}</span> : null}
    </div>
  );

  const columns: TableColumnsType<SmsLog> = [
    { title: '编号', dataIndex: 'id', width: 80, align: 'center' },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    {
      title: '手机号',
      key: 'mobile',
      width: 140,
      align: 'center',
      render: (_: unknown, row: SmsLog) => (
        <div className="sms-cell-lines">
          <span>{row.mobile}</span>
          {row.userType && row.userId ? (
            <span>
              <DictTag type={DICT_TYPE.USER_TYPE} value={row.userType} />({row.userId})
            </span>
          ) : null}
        </div>
      ),
    },
    { title: '短信内容', dataIndex: 'templateContent', width: 280, align: 'center' },
    {
      title: '发送状态',
      key: 'sendStatus',
      width: 170,
      align: 'center',
      render: (_: unknown, row: SmsLog) =>
        statusCell(DICT_TYPE.SYSTEM_SMS_SEND_STATUS, row.sendStatus, row.sendTime),
    },
    {
      title: '接收状态',
      key: 'receiveStatus',
      width: 170,
      align: 'center',
      render: (_: unknown, row: SmsLog) =>
        statusCell(DICT_TYPE.SYSTEM_SMS_RECEIVE_STATUS, row.receiveStatus, row.receiveTime),
    },
    {
      title: '短信渠道',
      key: 'channel',
      width: 140,
      align: 'center',
      render: (_: unknown, row: SmsLog) => (
        <div className="sms-cell-lines">
          <span>{signatureOf(row.channelId)}</span>
          <DictTag type={DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE} value={row.channelCode} />
        </div>
      ),
    },
    { title: '模板编号', dataIndex: 'templateId', width: 90, align: 'center' },
    {
      title: '短信类型',
      dataIndex: 'templateType',
      width: 100,
      align: 'center',
      render: (v: number) => <DictTag type={DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE} value={v} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      align: 'center',
      fixed: 'right',
      render: (_: unknown, row: SmsLog) => (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDetail(row)}>
          详细
        </Button>
      ),
    },
  ];

  return (
    <div className="sms-page">
      <DocAlert title="短信配置" url="https://doc.iocoder.cn/sms/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="smsLogSearch"
          layout="inline"
          className="sms-search"
          onFinish={onSearch}
        >
          <Form.Item label="手机号" name="mobile">
            <Input allowClear placeholder="请输入手机号" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="短信渠道" name="channelId">
            <Select allowClear placeholder="请选择短信渠道" style={{ width: 200 }} options={channelOptions} />
          </Form.Item>
          <Form.Item label="模板编号" name="templateId">
            <InputNumber min={1} precision={0} placeholder="请输入模板编号" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="发送状态" name="sendStatus">
            <Select
              allowClear
              placeholder="请选择发送状态"
              style={{ width: 160 }}
              options={sendStatusOptions}
            />
          </Form.Item>
          <Form.Item label="发送时间" name="sendTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <Form.Item label="接收状态" name="receiveStatus">
            <Select
              allowClear
              placeholder="请选择接收状态"
              style={{ width: 160 }}
              options={receiveStatusOptions}
            />
          </Form.Item>
          <Form.Item label="接收时间" name="receiveTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="sms-actions">
        <Space wrap>
          {hasPermi(['system:sms-log:export']) && (
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

      <Table<SmsLog>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching && !page.isRefetching}
        pagination={false}
        scroll={{ x: 1500 }}
        locale={{ emptyText: '暂无短信日志' }}
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
        title="短信日志详细"
        open={detail !== null}
        width={DIALOG_WIDTH_MEDIUM}
        footer={<Button onClick={() => setDetail(null)}>关 闭</Button>}
        onCancel={() => setDetail(null)}
        destroyOnHidden
      >
        {detail && (
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 140 } }}>
            <Descriptions.Item label="日志主键">{detail.id}</Descriptions.Item>
            <Descriptions.Item label="短信渠道">
              {signatureOf(detail.channelId)}{' '}
              <DictTag type={DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE} value={detail.channelCode} />
            </Descriptions.Item>
            <Descriptions.Item label="短信模板">
              {detail.templateId} | {detail.templateCode}{' '}
              <DictTag type={DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE} value={detail.templateType} />
            </Descriptions.Item>
            <Descriptions.Item label="API 的模板编号">{detail.apiTemplateId}</Descriptions.Item>
            <Descriptions.Item label="用户信息">
              {detail.mobile}
              {detail.userType && detail.userId ? (
                <>
                  {' '}
                  <DictTag type={DICT_TYPE.USER_TYPE} value={detail.userType} />({detail.userId})
                </>
              ) : null}
            </Descriptions.Item>
            <Descriptions.Item label="短信内容">
              <span className="sms-break">{detail.templateContent}</span>
            </Descriptions.Item>
            <Descriptions.Item label="短信参数">
              <span className="sms-break">{JSON.stringify(detail.templateParams)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatDateTime(detail.createTime)}</Descriptions.Item>
            <Descriptions.Item label="发送状态">
              <DictTag type={DICT_TYPE.SYSTEM_SMS_SEND_STATUS} value={detail.sendStatus} />
            </Descriptions.Item>
            <Descriptions.Item label="发送时间">{formatDateTime(detail.sendTime)}</Descriptions.Item>
            <Descriptions.Item label="发送结果">
              {detail.sendCode === null ? '' : `${detail.sendCode} | ${detail.sendMsg ?? ''}`}
            </Descriptions.Item>
            <Descriptions.Item label="API 发送结果">
              <span className="sms-break">
                {[detail.apiSendCode, detail.apiSendMsg].filter(Boolean).join(' | ')}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="API 请求编号">{detail.apiRequestId ?? ''}</Descriptions.Item>
            <Descriptions.Item label="API 序列号">{detail.apiSerialNo ?? ''}</Descriptions.Item>
            <Descriptions.Item label="接收状态">
              <DictTag type={DICT_TYPE.SYSTEM_SMS_RECEIVE_STATUS} value={detail.receiveStatus} />
            </Descriptions.Item>
            <Descriptions.Item label="接收时间">{formatDateTime(detail.receiveTime)}</Descriptions.Item>
            <Descriptions.Item label="API 接收结果">
              {[detail.apiReceiveCode, detail.apiReceiveMsg].filter(Boolean).join(' | ')}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </div>
  );
}
