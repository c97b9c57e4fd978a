import { EyeOutlined, NodeIndexOutlined, PlusOutlined } from '@ant-design/icons';
import { DICT_TYPE, oaLeavePage } from '@app/contract';
import type { OaLeave, OaLeavePageReq } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccess } from '../../../shared/access';
import { dayRange, formatDateTime } from '../../../shared/date/format';
import { useDictOptions } from '../../../shared/dict';
import { request } from '../../../shared/request';
import { DictTag } from '../../../shared/ui/dict-tag';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../../shared/ui/pagination';
import { RowActions } from '../../../shared/ui/row-actions';
import { SearchActions } from '../../../shared/ui/search-actions';
import { TableToolbar } from '../../../shared/ui/table-toolbar';
import { useInstanceResultOptions } from '../runtime-options';
import {
  OA_LEAVE_CREATE_PATH,
  oaLeaveDetailPath,
  processDetailPath,
  RUNTIME_QUERY_KEYS,
  RUNTIME_STALE_TIME,
} from '../runtime-paths';
import '../runtime.css';

interface SearchValues {
  type?: number;
  result?: number;
  reason?: string;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

const toFilter = (values: SearchValues): Omit<OaLeavePageReq, 'pageNo' | 'pageSize'> => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.type !== undefined ? { type: String(values.type) } : {}),
    ...(values.result !== undefined ? { result: String(values.result) as '1' | '2' | '3' | '4' } : {}),
    ...(values.reason ? { reason: values.reason } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

/** 请假查询 (menu component bpm/oa/leave/index): my leave requests and their approval. */
export function OaLeavePage() {
  const { hasPermi } = useAccess();
  const navigate = useNavigate();
  const [searchForm] = Form.useForm<SearchValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const typeOptions = useDictOptions(DICT_TYPE.BPM_OA_LEAVE_TYPE).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));
  const resultOptions = useInstanceResultOptions();

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: [...RUNTIME_QUERY_KEYS.leaves, 'page', query],
    staleTime: RUNTIME_STALE_TIME,
    queryFn: () => request(oaLeavePage, { query }),
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

  const canQuery = hasPermi(['bpm:oa-leave:query']);
  const columns: TableColumnsType<OaLeave> = [
    { title: '申请编号', dataIndex: 'id', width: 100, align: 'center' },
    {
      title: '状态',
      dataIndex: 'result',
      width: 100,
      align: 'center',
      render: (result: number) => <DictTag type={DICT_TYPE.BPM_PROCESS_INSTANCE_RESULT} value={result} />,
    },
    {
      title: '开始时间',
      dataIndex: 'startTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    {
      title: '结束时间',
      dataIndex: 'endTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    {
      title: '请假类型',
      dataIndex: 'type',
      width: 100,
      align: 'center',
      render: (type: number) => <DictTag type={DICT_TYPE.BPM_OA_LEAVE_TYPE} value={type} />,
    },
    { title: '原因', dataIndex: 'reason', ellipsis: true, align: 'center' },
    {
      title: '申请时间',
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
            width: 180,
            fixed: 'right' as const,
            align: 'center' as const,
            render: (_: unknown, row: OaLeave) => (
              <RowActions
                actions={[
                  {
                    key: 'detail',
                    label: '详情',
                    icon: <EyeOutlined />,
                    onClick: () => void navigate(oaLeaveDetailPath(row.id)),
                  },
                  {
                    key: 'progress',
                    label: '审批进度',
                    icon: <NodeIndexOutlined />,
                    onClick: () => void navigate(processDetailPath(row.processInstanceId!)),
                    visible: Boolean(row.processInstanceId),
                  },
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="bpm-runtime-page">
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          layout="inline"
          className="bpm-runtime-search"
          onFinish={onSearch}
        >
          <Form.Item label="请假类型" name="type">
            <Select allowClear placeholder="请选择请假类型" style={{ width: 200 }} options={typeOptions} />
          </Form.Item>
          <Form.Item label="结果" name="result">
            <Select allowClear placeholder="请选择结果" style={{ width: 200 }} options={resultOptions} />
          </Form.Item>
          <Form.Item label="原因" name="reason">
            <Input allowClear placeholder="请输入原因" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="申请时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="bpm-runtime-actions">
        <Space wrap>
          {hasPermi(['bpm:oa-leave:create']) && (
            <Button
              type="primary"
              ghost
              icon={<PlusOutlined />}
              onClick={() => void navigate(OA_LEAVE_CREATE_PATH)}
            >
              发起请假
            </Button>
          )}
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<OaLeave>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1200 }}
        locale={{ emptyText: page.isError ? '请假申请加载失败，请刷新重试' : '暂无请假申请' }}
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
