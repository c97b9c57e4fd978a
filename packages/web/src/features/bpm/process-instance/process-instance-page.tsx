import { CloseCircleOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { BPM_INSTANCE_STATUS, DICT_TYPE, processInstanceCancel, processInstanceMyPage } from '@app/contract';
import type { ProcessInstanceMyPageReq, ProcessInstancePageItem } from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
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
import { DIALOG_WIDTH_SMALL } from '../../../shared/ui/sizes';
import { TableToolbar } from '../../../shared/ui/table-toolbar';
import { useDefinitionOptions, useInstanceResultOptions } from '../runtime-options';
import {
  PROCESS_INSTANCE_CREATE_PATH,
  processDetailPath,
  RUNTIME_QUERY_KEYS,
  RUNTIME_STALE_TIME,
} from '../runtime-paths';
import '../runtime.css';

interface SearchValues {
  name?: string;
  processDefinitionId?: string;
  category?: string;
  status?: number;
  result?: number;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

const toFilter = (values: SearchValues): Omit<ProcessInstanceMyPageReq, 'pageNo' | 'pageSize'> => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.name ? { name: values.name } : {}),
    ...(values.processDefinitionId ? { processDefinitionId: values.processDefinitionId } : {}),
    ...(values.category ? { category: values.category } : {}),
    ...(values.status !== undefined ? { status: String(values.status) as '1' | '2' } : {}),
    ...(values.result !== undefined ? { result: String(values.result) as '1' | '2' | '3' | '4' } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

/** 我的流程 (menu component bpm/processInstance/index): the processes I started, with cancel. */
export function ProcessInstancePage() {
  const { message } = App.useApp();
  const { hasPermi } = useAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<SearchValues>();
  const [cancelForm] = Form.useForm<{ reason: string }>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [cancelling, setCancelling] = useState<ProcessInstancePageItem | null>(null);
  const categoryOptions = useDictOptions(DICT_TYPE.BPM_MODEL_CATEGORY).map((d) => ({
    label: d.label,
    value: d.value,
  }));
  const statusOptions = useDictOptions(DICT_TYPE.BPM_PROCESS_INSTANCE_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));
  const resultOptions = useInstanceResultOptions();
  const definitionOptions = useDefinitionOptions();

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: [...RUNTIME_QUERY_KEYS.instances, 'my-page', query],
    staleTime: RUNTIME_STALE_TIME,
    queryFn: () => request(processInstanceMyPage, { query }),
    placeholderData: keepPreviousData,
  });

  const cancel = useMutation({
    mutationFn: (body: { id: string; reason: string }) => request(processInstanceCancel, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: RUNTIME_QUERY_KEYS.tasks });
      void queryClient.invalidateQueries({ queryKey: RUNTIME_QUERY_KEYS.leaves });
      return queryClient.invalidateQueries({ queryKey: RUNTIME_QUERY_KEYS.instances });
    },
  });

  const onSearch = (values: SearchValues) => {
    setSearch(values);
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const openCancel = (row: ProcessInstancePageItem) => {
    cancelForm.resetFields();
    setCancelling(row);
  };
  const onCancelSubmit = async () => {
    if (!cancelling) return;
    const { reason } = await cancelForm.validateFields();
    await cancel.mutateAsync({ id: cancelling.id, reason });
    void message.success('取消成功');
    setCancelling(null);
  };

  const canQuery = hasPermi(['bpm:process-instance:query']);
  const canCancel = hasPermi(['bpm:process-instance:cancel']);
  const columns: TableColumnsType<ProcessInstancePageItem> = [
    { title: '编号', dataIndex: 'id', width: 150, ellipsis: true, align: 'center' },
    { title: '流程名', dataIndex: 'name', ellipsis: true, align: 'center' },
    {
      title: '流程分类',
      dataIndex: 'category',
      width: 110,
      align: 'center',
      render: (category: string | null) => <DictTag type={DICT_TYPE.BPM_MODEL_CATEGORY} value={category} />,
    },
    {
      title: '当前审批任务',
      dataIndex: 'tasks',
      align: 'center',
      render: (tasks: ProcessInstancePageItem['tasks']) => (
        <Space size={[0, 4]} wrap>
          {tasks.map((task) => (
            <Tag key={task.id} color="processing">
              {task.name}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      align: 'center',
      render: (status: number) => <DictTag type={DICT_TYPE.BPM_PROCESS_INSTANCE_STATUS} value={status} />,
    },
    {
      title: '结果',
      dataIndex: 'result',
      width: 100,
      align: 'center',
      render: (result: number) => <DictTag type={DICT_TYPE.BPM_PROCESS_INSTANCE_RESULT} value={result} />,
    },
    {
      title: '提交时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    {
      title: '结束时间',
      dataIndex: 'endTime',
      width: 170,
      align: 'center',
      render: (v: number | null) => formatDateTime(v),
    },
    ...(canQuery || canCancel
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 150,
            fixed: 'right' as const,
            align: 'center' as const,
            render: (_: unknown, row: ProcessInstancePageItem) => (
              <RowActions
                actions={[
                  {
                    key: 'detail',
                    label: '详情',
                    icon: <EyeOutlined />,
                    onClick: () => void navigate(processDetailPath(row.id)),
                    visible: canQuery,
                  },
                  {
                    key: 'cancel',
                    label: '取消',
                    icon: <CloseCircleOutlined />,
                    onClick: () => openCancel(row),
                    danger: true,
                    visible: canCancel && row.status === BPM_INSTANCE_STATUS.RUNNING,
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
          <Form.Item label="流程名称" name="name">
            <Input allowClear placeholder="请输入流程名称" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="所属流程" name="processDefinitionId">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="请选择所属流程"
              style={{ width: 200 }}
              options={definitionOptions}
            />
          </Form.Item>
          <Form.Item label="流程分类" name="category">
            <Select
              allowClear
              placeholder="请选择流程分类"
              style={{ width: 200 }}
              options={categoryOptions}
            />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select allowClear placeholder="请选择状态" style={{ width: 200 }} options={statusOptions} />
          </Form.Item>
          <Form.Item label="结果" name="result">
            <Select allowClear placeholder="请选择结果" style={{ width: 200 }} options={resultOptions} />
          </Form.Item>
          <Form.Item label="提交时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="bpm-runtime-actions">
        <Space wrap>
          {hasPermi(['bpm:process-instance:create']) && (
            <Button
              type="primary"
              ghost
              icon={<PlusOutlined />}
              onClick={() => void navigate(PROCESS_INSTANCE_CREATE_PATH)}
            >
              发起流程
            </Button>
          )}
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<ProcessInstancePageItem>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1300 }}
        locale={{ emptyText: page.isError ? '流程加载失败，请刷新重试' : '暂无流程' }}
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
        title="取消流程"
        open={cancelling !== null}
        width={DIALOG_WIDTH_SMALL}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={cancel.isPending}
        onOk={() => void onCancelSubmit().catch(() => undefined)}
        onCancel={() => setCancelling(null)}
        forceRender
      >
        <Form form={cancelForm} layout="vertical" name="bpm-cancel-form">
          <Form.Item
            label={`请输入取消流程“${cancelling?.name ?? ''}”的原因`}
            name="reason"
            rules={[
              { required: true, whitespace: true, message: '取消原因不能为空' },
              { max: 500, message: '取消原因不能超过 500 个字符' },
            ]}
          >
            <Input.TextArea rows={3} placeholder="请输入取消原因" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
