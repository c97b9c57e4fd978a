import { AuditOutlined, EyeOutlined } from '@ant-design/icons';
import { DICT_TYPE, TASK_SUSPENSION_STATE, taskDonePage, taskTodoPage } from '@app/contract';
import type { DoneTask, TodoTask } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccess } from '../../../shared/access';
import { dayRange, formatDateTime } from '../../../shared/date/format';
import { request } from '../../../shared/request';
import { DictTag } from '../../../shared/ui/dict-tag';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../../shared/ui/pagination';
import { SearchActions } from '../../../shared/ui/search-actions';
import { TableToolbar } from '../../../shared/ui/table-toolbar';
import { processDetailPath, RUNTIME_QUERY_KEYS, RUNTIME_STALE_TIME } from '../runtime-paths';
import { formatDuration } from './task-utils';
import '../runtime.css';

interface SearchValues {
  name?: string;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

const toFilter = (values: SearchValues) => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.name ? { name: values.name } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

const suspensionTag = (state: number) =>
  state === TASK_SUSPENSION_STATE.SUSPENDED ? (
    <Tag color="warning">挂起</Tag>
  ) : (
    <Tag color="success">激活</Tag>
  );

export interface TaskListPageProps {
  /** 待办 (my open tasks, action 审批) or 已办 (tasks I finished, action 详情). */
  kind: 'todo' | 'done';
}

/** 待办任务 / 已办任务: my tasks, each opening the process-instance detail page. */
export function TaskListPage({ kind }: TaskListPageProps) {
  const { hasPermi } = useAccess();
  const navigate = useNavigate();
  const [searchForm] = Form.useForm<SearchValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: [...RUNTIME_QUERY_KEYS.tasks, kind, query],
    staleTime: RUNTIME_STALE_TIME,
    queryFn: (): Promise<{ list: (TodoTask | DoneTask)[]; total: number }> =>
      request(kind === 'todo' ? taskTodoPage : taskDonePage, { query }),
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

  const canAct = hasPermi([kind === 'todo' ? 'bpm:task:update' : 'bpm:task:query']);
  const doneColumns: TableColumnsType<DoneTask> = [
    {
      title: '审批时间',
      dataIndex: 'endTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    {
      title: '耗时',
      dataIndex: 'durationInMillis',
      width: 150,
      align: 'center',
      render: (v: number) => formatDuration(v),
    },
    {
      title: '结果',
      dataIndex: 'result',
      width: 100,
      align: 'center',
      render: (result: number) => <DictTag type={DICT_TYPE.BPM_PROCESS_INSTANCE_RESULT} value={result} />,
    },
    { title: '审批意见', dataIndex: 'reason', ellipsis: true, align: 'center' },
  ];
  const columns = [
    { title: '任务编号', dataIndex: 'id', width: 150, ellipsis: true, align: 'center' },
    { title: '任务名称', dataIndex: 'name', ellipsis: true, align: 'center' },
    { title: '所属流程', dataIndex: ['processInstance', 'name'], ellipsis: true, align: 'center' },
    {
      title: '流程发起人',
      dataIndex: ['processInstance', 'startUserNickname'],
      width: 120,
      align: 'center',
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    ...(kind === 'done' ? doneColumns : []),
    {
      title: '状态',
      dataIndex: 'suspensionState',
      width: 90,
      align: 'center',
      render: suspensionTag,
    },
    ...(canAct
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 100,
            fixed: 'right',
            align: 'center',
            render: (_: unknown, row: TodoTask) => (
              <Button
                type="link"
                size="small"
                icon={kind === 'todo' ? <AuditOutlined /> : <EyeOutlined />}
                onClick={() => void navigate(processDetailPath(row.processInstance.id))}
              >
                {kind === 'todo' ? '审批' : '详情'}
              </Button>
            ),
          },
        ]
      : []),
  ] as TableColumnsType<TodoTask | DoneTask>;

  return (
    <div className="bpm-runtime-page">
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          layout="inline"
          className="bpm-runtime-search"
          onFinish={onSearch}
        >
          <Form.Item label="任务名称" name="name">
            <Input allowClear placeholder="请输入任务名称" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="创建时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="bpm-runtime-actions">
        <span />
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<TodoTask | DoneTask>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: kind === 'todo' ? 1000 : 1400 }}
        locale={{
          emptyText: page.isError
            ? '任务加载失败，请刷新重试'
            : kind === 'todo'
              ? '暂无待办任务'
              : '暂无已办任务',
        }}
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
