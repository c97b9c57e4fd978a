import {
  BPM_TASK_SIGN_TYPE,
  DICT_TYPE,
  taskChildrenList,
  taskCreateSign,
  taskDeleteSign,
} from '@app/contract';
import type { BpmTaskSignType, InstanceTask, SignChildTask } from '@app/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { queryKey, required } from '../../../shared/crud';
import { formatDateTime } from '../../../shared/date/format';
import { request } from '../../../shared/request';
import { DictTag } from '../../../shared/ui/dict-tag';
import { DIALOG_WIDTH_MEDIUM, DIALOG_WIDTH_SMALL } from '../../../shared/ui/sizes';
import { useUserOptions } from '../runtime-options';
import { reasonRules } from './task-utils';
import { SubmitDialog } from '../../../shared/ui/submit-dialog';

interface AddSignValues {
  userIdList: number[];
  reason: string;
}

export interface AddSignDialogProps {
  task: InstanceTask;
  open: boolean;
  onClose: () => void;
  /** Called after the 加签 succeeded, to reload the page's data. */
  onDone: () => Promise<unknown>;
}

/**
 * 加签: the users to add and why; 向前加签 (they decide first, then the task is back with me) or
 * 向后加签 (they decide after I approved).
 */
export function AddSignDialog({ task, open, onClose, onDone }: AddSignDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AddSignValues>();
  const users = useUserOptions(open);
  const sign = useMutation({
    mutationFn: (body: AddSignValues & { type: BpmTaskSignType }) =>
      request(taskCreateSign, { body: { id: task.id, ...body } }),
  });

  const submit = (type: BpmTaskSignType) => async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    await sign.mutateAsync({ ...values, type }).then(
      async () => {
        void message.success('加签成功！');
        onClose();
        await onDone();
      },
      () => undefined,
    );
  };

  return (
    <Modal
      title={`加签【${task.name}】`}
      open={open}
      width={DIALOG_WIDTH_MEDIUM}
      onCancel={onClose}
      afterOpenChange={(visible) => !visible && form.resetFields()}
      forceRender
      footer={
        <Space>
          <Button onClick={onClose}>取 消</Button>
          <Button
            type="primary"
            loading={sign.isPending && sign.variables.type === BPM_TASK_SIGN_TYPE.BEFORE}
            disabled={sign.isPending}
            onClick={() => void submit(BPM_TASK_SIGN_TYPE.BEFORE)()}
          >
            向前加签
          </Button>
          <Button
            type="primary"
            loading={sign.isPending && sign.variables.type === BPM_TASK_SIGN_TYPE.AFTER}
            disabled={sign.isPending}
            onClick={() => void submit(BPM_TASK_SIGN_TYPE.AFTER)()}
          >
            向后加签
          </Button>
        </Space>
      }
    >
      <Form form={form} name={`add-sign-${task.id}`} labelCol={{ flex: '100px' }}>
        <Form.Item
          label="加签处理人"
          name="userIdList"
          rules={required('加签处理人')}
          extra="向前加签：加签人先审批，完成后任务回到您；向后加签：您通过后，再由加签人审批"
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={users.loading}
            placeholder="请选择加签处理人"
            options={users.options.filter((u) => u.value !== task.assigneeUser?.id)}
          />
        </Form.Item>
        <Form.Item label="加签理由" name="reason" rules={reasonRules('加签理由')}>
          <Input.TextArea rows={3} placeholder="请输入加签理由" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface SignChildrenDialogProps {
  /** The task whose added tasks are listed; null while closed. */
  task: InstanceTask | null;
  onClose: () => void;
  /** Called after a 减签 succeeded, to reload the page's data. */
  onDone: () => Promise<unknown>;
}

/** 减签: the tasks added to `task` that are still pending, each of which can be taken away with a reason. */
export function SignChildrenDialog({ task, onClose, onDone }: SignChildrenDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [target, setTarget] = useState<SignChildTask | null>(null);
  const children = useQuery({
    queryKey: queryKey(taskChildrenList, { parentId: task?.id }),
    queryFn: () => request(taskChildrenList, { query: { parentId: task!.id } }),
    enabled: task !== null,
  });
  const remove = useMutation({
    mutationFn: (body: { id: string; reason: string }) => request(taskDeleteSign, { body }),
  });

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !target) return;
    await remove.mutateAsync({ id: target.id, reason: values.reason }).then(
      async () => {
        void message.success('减签成功！');
        setTarget(null);
        await Promise.all([children.refetch(), onDone()]);
      },
      () => undefined,
    );
  };

  const columns: TableColumnsType<SignChildTask> = [
    {
      title: '审批人',
      key: 'user',
      render: (_, row) =>
        row.assigneeUser
          ? row.assigneeUser.deptName
            ? `${row.assigneeUser.nickname}（${row.assigneeUser.deptName}）`
            : row.assigneeUser.nickname
          : '暂无',
    },
    { title: '任务名称', dataIndex: 'name' },
    {
      title: '状态',
      dataIndex: 'result',
      render: (value: number) => <DictTag type={DICT_TYPE.BPM_PROCESS_INSTANCE_RESULT} value={value} />,
    },
    { title: '创建时间', dataIndex: 'createTime', render: (value: number) => formatDateTime(value) },
    {
      title: '操作',
      key: 'action',
      render: (_, row) => (
        <Button
          danger
          size="small"
          onClick={() => {
            form.resetFields();
            setTarget(row);
          }}
        >
          减签
        </Button>
      ),
    },
  ];

  return (
    <Modal
      title={task ? `减签【${task.name}】` : '减签'}
      open={task !== null}
      width={DIALOG_WIDTH_MEDIUM + 120}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关 闭</Button>}
    >
      <Table<SignChildTask>
        rowKey="id"
        size="small"
        pagination={false}
        loading={children.isFetching}
        columns={columns}
        dataSource={children.data ?? []}
        locale={{ emptyText: children.isError ? '加签任务加载失败' : '暂无可减签的任务' }}
      />
      {/* Inside the list's dialog, so that it stacks above it. */}
      <SubmitDialog
        title="确认减签"
        open={target !== null}
        width={DIALOG_WIDTH_SMALL + 80}
        okButtonProps={{ danger: true }}
        pending={remove.isPending}
        onSubmit={confirm}
        onClose={() => setTarget(null)}
      >
        <p>确定减签“{target?.assigneeUser?.nickname ?? target?.name}”的任务吗？该任务将被取消。</p>
        <Form form={form} name="delete-sign" layout="vertical">
          <Form.Item label="减签理由" name="reason" rules={reasonRules('减签理由')}>
            <Input.TextArea rows={3} placeholder="请输入减签理由" />
          </Form.Item>
        </Form>
      </SubmitDialog>
    </Modal>
  );
}
