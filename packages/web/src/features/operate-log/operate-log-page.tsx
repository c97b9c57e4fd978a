import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { DICT_TYPE, operateLogExport, operateLogPage } from '@app/contract';
import type { OperateLog, OperateLogPageReq } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Descriptions, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
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
import { DIALOG_WIDTH_MEDIUM, TABLE_MAX_HEIGHT } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import './operate-log-page.css';

interface SearchValues {
  module?: string;
  userNickname?: string;
  type?: number;
  success?: 'true' | 'false';
  startTime?: [Dayjs | null, Dayjs | null] | null;
}

const SUCCESS_OPTIONS = [
  { label: '成功', value: 'true' },
  { label: '失败', value: 'false' },
];

const toFilter = (values: SearchValues) => {
  const startTime = dayRange(values.startTime);
  return {
    ...(values.module ? { module: values.module } : {}),
    ...(values.userNickname ? { userNickname: values.userNickname } : {}),
    ...(values.type !== undefined ? { type: String(values.type) as OperateLogPageReq['type'] } : {}),
    ...(values.success ? { success: values.success } : {}),
    ...(startTime ? { startTime } : {}),
  };
};

/** JSON text indented for reading; other text as it is; '无' for nothing. */
const pretty = (text: string | null): string => {
  if (!text) return '无';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

const ResultTag = ({ code }: { code: number }) =>
  code === 0 ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>;

function JsonBlock({ text }: { text: string | null }) {
  return (
    <pre className="operate-log-detail-json" style={{ maxHeight: TABLE_MAX_HEIGHT }}>
      {pretty(text)}
    </pre>
  );
}

/** 操作日志 (menu component system/operatelog/index): every write through the API, recorded by the server. */
export function OperateLogPage() {
  const { modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [detail, setDetail] = useState<OperateLog | null>(null);
  const [exporting, setExporting] = useState(false);
  const typeOptions = useDictOptions(DICT_TYPE.SYSTEM_OPERATE_TYPE).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: ['system-operate-log', 'page', query],
    queryFn: () => request(operateLogPage, { query }),
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

  const onExport = () =>
    modal.confirm({
      title: '系统提示',
      content: '是否确认导出所有操作日志数据项?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setExporting(true);
        try {
          const blob = await request(operateLogExport, { query: toFilter(search), responseType: 'blob' });
          saveBlob(blob as Blob, '操作日志.xlsx');
        } catch {
          // Shown by the request layer; the confirmation closes either way.
        } finally {
          setExporting(false);
        }
      },
    });

  const columns: TableColumnsType<OperateLog> = [
    { title: '日志编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '操作模块', dataIndex: 'module', width: 120, ellipsis: true, align: 'center' },
    { title: '操作名', dataIndex: 'name', ellipsis: true, align: 'center' },
    {
      title: '操作类型',
      dataIndex: 'type',
      width: 100,
      align: 'center',
      render: (value: number) => <DictTag type={DICT_TYPE.SYSTEM_OPERATE_TYPE} value={value} />,
    },
    {
      title: '操作人',
      dataIndex: 'userNickname',
      width: 120,
      ellipsis: true,
      align: 'center',
      render: (value: string | null) => value ?? '',
    },
    {
      title: '操作结果',
      dataIndex: 'resultCode',
      width: 100,
      align: 'center',
      render: (code: number) => <ResultTag code={code} />,
    },
    {
      title: '操作日期',
      dataIndex: 'startTime',
      width: 170,
      align: 'center',
      render: (value: number) => formatDateTime(value),
    },
    {
      title: '执行时长',
      dataIndex: 'duration',
      width: 100,
      align: 'center',
      render: (value: number) => `${value} ms`,
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      align: 'center',
      fixed: 'right',
      render: (_: unknown, row: OperateLog) => (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDetail(row)}>
          详细
        </Button>
      ),
    },
  ];

  return (
    <div className="operate-log-page">
      <DocAlert title="系统日志" url="https://doc.iocoder.cn/system-log/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="operateLogSearch"
          layout="inline"
          className="operate-log-search"
          onFinish={onSearch}
        >
          <Form.Item label="系统模块" name="module">
            <Input allowClear placeholder="请输入系统模块" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="操作人员" name="userNickname">
            <Input allowClear placeholder="请输入操作人员" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="类型" name="type">
            <Select allowClear placeholder="操作类型" style={{ width: 160 }} options={typeOptions} />
          </Form.Item>
          <Form.Item label="状态" name="success">
            <Select allowClear placeholder="操作状态" style={{ width: 160 }} options={SUCCESS_OPTIONS} />
          </Form.Item>
          <Form.Item label="操作时间" name="startTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="operate-log-actions">
        <Space wrap>
          {hasPermi(['system:operate-log:export']) && (
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

      <Table<OperateLog>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: '暂无操作日志' }}
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
        title="操作日志详细"
        open={detail !== null}
        width={DIALOG_WIDTH_MEDIUM}
        footer={<Button onClick={() => setDetail(null)}>关 闭</Button>}
        onCancel={() => setDetail(null)}
        destroyOnHidden
      >
        {detail && (
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 100 } }}>
            <Descriptions.Item label="日志编号">{detail.id}</Descriptions.Item>
            <Descriptions.Item label="链路追踪">{detail.traceId}</Descriptions.Item>
            <Descriptions.Item label="操作人">
              {detail.userNickname ?? '（用户已不存在）'}（编号 {detail.userId}）
            </Descriptions.Item>
            <Descriptions.Item label="用户类型">
              <DictTag type={DICT_TYPE.USER_TYPE} value={detail.userType} />
            </Descriptions.Item>
            <Descriptions.Item label="用户 IP">{detail.userIp}</Descriptions.Item>
            <Descriptions.Item label="浏览器">
              <span className="operate-log-detail-text">{detail.userAgent}</span>
            </Descriptions.Item>
            <Descriptions.Item label="操作模块">{detail.module}</Descriptions.Item>
            <Descriptions.Item label="操作名">{detail.name}</Descriptions.Item>
            <Descriptions.Item label="操作类型">
              <DictTag type={DICT_TYPE.SYSTEM_OPERATE_TYPE} value={detail.type} />
            </Descriptions.Item>
            <Descriptions.Item label="操作明细">{detail.content || '无'}</Descriptions.Item>
            <Descriptions.Item label="拓展字段">
              <JsonBlock text={detail.exts ? JSON.stringify(detail.exts) : null} />
            </Descriptions.Item>
            <Descriptions.Item label="请求信息">
              <span className="operate-log-detail-text">
                {detail.requestMethod} {detail.requestUrl}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="方法名">{detail.javaMethod}</Descriptions.Item>
            <Descriptions.Item label="请求参数">
              <JsonBlock text={detail.javaMethodArgs} />
            </Descriptions.Item>
            <Descriptions.Item label="操作时间">{formatDateTime(detail.startTime)}</Descriptions.Item>
            <Descriptions.Item label="执行时长">{detail.duration} ms</Descriptions.Item>
            <Descriptions.Item label="操作结果">
              <Space>
                <ResultTag code={detail.resultCode} />
                <span>结果码 {detail.resultCode}</span>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="结果提示">{detail.resultMsg || '无'}</Descriptions.Item>
            <Descriptions.Item label="结果数据">
              <JsonBlock text={detail.resultData} />
            </Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </div>
  );
}
