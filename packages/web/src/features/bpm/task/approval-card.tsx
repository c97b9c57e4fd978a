import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  RollbackOutlined,
  SwapOutlined,
  UsergroupAddOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import {
  taskApprove,
  taskDelegate,
  taskReject,
  taskReturn,
  taskReturnList,
  taskUpdateAssignee,
} from '@app/contract';
import type { InstanceTask, ProcessInstanceDetail } from '@app/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { queryKey, required } from '../../../shared/crud';
import { request } from '../../../shared/request';
import { DIALOG_WIDTH_MEDIUM } from '../../../shared/ui/sizes';
import { useUserOptions } from '../runtime-options';
import { AddSignDialog } from './sign-dialogs';
import { reasonRules } from './task-utils';
import { SubmitDialog } from '../../../shared/ui/submit-dialog';

type Dialog = 'assignee' | 'delegate' | 'return' | null;

interface DialogValues {
  userId?: number;
  targetDefinitionKey?: string;
  reason?: string;
}

const DIALOG_TITLES: Record<Exclude<Dialog, null>, string> = {
  assignee: '转办任务',
  delegate: '委派任务',
  return: '回退任务',
};

export interface ApprovalCardProps {
  task: InstanceTask;
  instance: ProcessInstanceDetail;
  /** Called after an action succeeded, to reload the page's data. */
  onDone: () => Promise<unknown>;
}

/**
 * 审批任务: one of my open tasks with its 审批建议 and the actions 通过, 不通过, 转办 (another
 * assignee), 委派 (someone handles it for me), 加签 (others decide before or after me) and 回退
 * (back to an earlier user task).
 */
export function ApprovalCard({ task, instance, onDone }: ApprovalCardProps) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [dialogForm] = Form.useForm<DialogValues>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [signing, setSigning] = useState(false);
  const users = useUserOptions(dialog === 'assignee' || dialog === 'delegate');
  const returnTargets = useQuery({
    queryKey: queryKey(taskReturnList, { taskId: task.id }),
    queryFn: () => request(taskReturnList, { query: { taskId: task.id } }),
    enabled: dialog === 'return',
  });

  const act = useMutation({
    mutationFn: async (run: () => Promise<unknown>) => run(),
  });
  const finish = async (text: string) => {
    void message.success(text);
    setDialog(null);
    await onDone();
  };

  const onApprove = async () => {
    const { reason } = await form.validateFields();
    await act.mutateAsync(() => request(taskApprove, { body: { id: task.id, reason } }));
    await finish('审批通过成功！');
  };
  const onReject = async () => {
    const { reason } = await form.validateFields();
    modal.confirm({
      title: '系统提示',
      content: `确定不通过任务“${task.name}”吗？流程将结束。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        act
          .mutateAsync(() => request(taskReject, { body: { id: task.id, reason } }))
          .then(() => finish('审批不通过成功！'))
          .catch(() => undefined),
    });
  };
  const openDialog = (next: Exclude<Dialog, null>) => {
    dialogForm.resetFields();
    if (next !== 'assignee') dialogForm.setFieldsValue({ reason: form.getFieldValue('reason') as string });
    setDialog(next);
  };
  const onDialogSubmit = async () => {
    const values = await dialogForm.validateFields();
    if (dialog === 'assignee') {
      await act.mutateAsync(() =>
        request(taskUpdateAssignee, { body: { id: task.id, assigneeUserId: values.userId! } }),
      );
      await finish('转办任务成功！');
    } else if (dialog === 'delegate') {
      await act.mutateAsync(() =>
        request(taskDelegate, {
          body: { id: task.id, delegateUserId: values.userId!, reason: values.reason! },
        }),
      );
      await finish('委派任务成功！');
    } else if (dialog === 'return') {
      await act.mutateAsync(() =>
        request(taskReturn, {
          body: { id: task.id, targetDefinitionKey: values.targetDefinitionKey!, reason: values.reason! },
        }),
      );
      await finish('回退任务成功！');
    }
  };
  const quietly = (run: () => Promise<void>) => () => void run().catch(() => undefined);
  const starter = instance.startUser;

  return (
    <Card size="small" title={`审批任务【${task.name}】`} data-testid="approval-card">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'name', label: '流程名', children: instance.name },
          {
            key: 'starter',
            label: '流程发起人',
            children: starter.deptName ? `${starter.nickname}（${starter.deptName}）` : starter.nickname,
          },
        ]}
      />
      <Form form={form} name={`approval-${task.id}`} className="bpm-runtime-form" layout="vertical">
        <Form.Item label="审批建议" name="reason" rules={reasonRules('审批建议')}>
          <Input.TextArea rows={3} placeholder="请输入审批建议" />
        </Form.Item>
      </Form>
      <Space wrap>
        <Button
          type="primary"
          icon={<CheckCircleOutlined />}
          loading={act.isPending}
          onClick={quietly(onApprove)}
        >
          通过
        </Button>
        <Button danger icon={<CloseCircleOutlined />} disabled={act.isPending} onClick={quietly(onReject)}>
          不通过
        </Button>
        <Button icon={<SwapOutlined />} disabled={act.isPending} onClick={() => openDialog('assignee')}>
          转办
        </Button>
        <Button icon={<UserSwitchOutlined />} disabled={act.isPending} onClick={() => openDialog('delegate')}>
          委派
        </Button>
        <Button icon={<UsergroupAddOutlined />} disabled={act.isPending} onClick={() => setSigning(true)}>
          加签
        </Button>
        <Button icon={<RollbackOutlined />} disabled={act.isPending} onClick={() => openDialog('return')}>
          回退
        </Button>
      </Space>
      <AddSignDialog task={task} open={signing} onClose={() => setSigning(false)} onDone={onDone} />

      <SubmitDialog
        title={dialog ? DIALOG_TITLES[dialog] : ''}
        open={dialog !== null}
        width={DIALOG_WIDTH_MEDIUM}
        pending={act.isPending}
        onSubmit={onDialogSubmit}
        onClose={() => setDialog(null)}
      >
        <Form form={dialogForm} name={`approval-dialog-${task.id}`} labelCol={{ flex: '100px' }}>
          {(dialog === 'assignee' || dialog === 'delegate') && (
            <Form.Item
              label={dialog === 'assignee' ? '新审批人' : '被委派人'}
              name="userId"
              rules={[
                { required: true, message: dialog === 'assignee' ? '新审批人不能为空' : '被委派人不能为空' },
              ]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={users.loading}
                placeholder={dialog === 'assignee' ? '请选择新审批人' : '请选择被委派人'}
                options={users.options.filter((u) => u.value !== task.assigneeUser?.id)}
              />
            </Form.Item>
          )}
          {dialog === 'return' && (
            <Form.Item label="回退节点" name="targetDefinitionKey" rules={required('回退节点')}>
              <Select
                loading={returnTargets.isLoading}
                placeholder="请选择回退节点"
                notFoundContent={returnTargets.isLoading ? '加载中…' : '没有可回退的节点'}
                options={(returnTargets.data ?? []).map((t) => ({ label: t.name, value: t.id }))}
              />
            </Form.Item>
          )}
          {(dialog === 'delegate' || dialog === 'return') && (
            <Form.Item
              label={dialog === 'delegate' ? '委派理由' : '回退理由'}
              name="reason"
              rules={reasonRules(dialog === 'delegate' ? '委派理由' : '回退理由')}
            >
              <Input.TextArea
                rows={3}
                placeholder={dialog === 'delegate' ? '请输入委派理由' : '请输入回退理由'}
              />
            </Form.Item>
          )}
        </Form>
      </SubmitDialog>
    </Card>
  );
}
