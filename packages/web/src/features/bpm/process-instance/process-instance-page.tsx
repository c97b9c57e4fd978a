import { CloseCircleOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import {
  BPM_INSTANCE_STATUS,
  DICT_TYPE,
  processInstanceCancel,
  processInstanceGet,
  processInstanceMyPage,
} from '@app/contract';
import type { ProcessInstancePageItem } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccess } from '../../../shared/access';
import { dateTimeColumn, dictColumn, textColumn, useCan, useCrudPage } from '../../../shared/crud';
import type { SearchField } from '../../../shared/crud';
import { request } from '../../../shared/request';
import { DIALOG_WIDTH_SMALL } from '../../../shared/ui/sizes';
import {
  invalidateRuntime,
  PROCESS_INSTANCE_CREATE_PATH,
  processDetailPath,
  RUNTIME_STALE_TIME,
} from '../runtime-paths';
import { definitionSearchField, resultSearchField } from '../runtime-search';
import { SubmitDialog } from '../../../shared/ui/submit-dialog';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '流程名称' },
  definitionSearchField,
  {
    kind: 'dict',
    name: 'category',
    label: '流程分类',
    dictType: DICT_TYPE.BPM_MODEL_CATEGORY,
    valueType: 'string',
    width: 200,
  },
  {
    kind: 'dict',
    name: 'status',
    label: '状态',
    dictType: DICT_TYPE.BPM_PROCESS_INSTANCE_STATUS,
    width: 200,
  },
  resultSearchField,
  { kind: 'dateRange', name: 'createTime', label: '提交时间' },
];

/** 我的流程 (menu component bpm/processInstance/index): the processes I started, with cancel. */
export function ProcessInstancePage() {
  const { message } = App.useApp();
  const { hasPermi } = useAccess();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [cancelForm] = Form.useForm<{ reason: string }>();
  const [cancelling, setCancelling] = useState<ProcessInstancePageItem | null>(null);
  const canQuery = useCan(processInstanceGet);
  const canCancel = useCan(processInstanceCancel);
  // Narrower than the create endpoint, which a process's viewers may also call: as the reference.
  const canStart = hasPermi(['bpm:process-instance:create']);

  const cancel = useMutation({
    mutationFn: (body: { id: string; reason: string }) => request(processInstanceCancel, { body }),
    onSuccess: () => invalidateRuntime(client),
  });
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

  const columns: TableColumnsType<ProcessInstancePageItem> = [
    textColumn('编号', 'id', { width: 150 }),
    textColumn('流程名', 'name'),
    dictColumn('流程分类', 'category', DICT_TYPE.BPM_MODEL_CATEGORY, { width: 110 }),
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
    dictColumn('状态', 'status', DICT_TYPE.BPM_PROCESS_INSTANCE_STATUS, { width: 100 }),
    dictColumn('结果', 'result', DICT_TYPE.BPM_PROCESS_INSTANCE_RESULT, { width: 100 }),
    dateTimeColumn('提交时间', 'createTime'),
    dateTimeColumn('结束时间', 'endTime'),
  ];

  return useCrudPage({
    endpoints: { page: processInstanceMyPage },
    entity: '流程',
    search: SEARCH,
    listOptions: { staleTime: RUNTIME_STALE_TIME },
    columns,
    rowActions: {
      more: (row) => [
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
      ],
      moreVisible: canQuery || canCancel,
    },
    toolbar: canStart && (
      <Button
        type="primary"
        ghost
        icon={<PlusOutlined />}
        onClick={() => void navigate(PROCESS_INSTANCE_CREATE_PATH)}
      >
        发起流程
      </Button>
    ),
    emptyText: '暂无流程',
    scrollX: 1300,
    dialogs: (
      <SubmitDialog
        title="取消流程"
        open={cancelling !== null}
        width={DIALOG_WIDTH_SMALL}
        pending={cancel.isPending}
        onSubmit={onCancelSubmit}
        onClose={() => setCancelling(null)}
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
      </SubmitDialog>
    ),
  });
}
