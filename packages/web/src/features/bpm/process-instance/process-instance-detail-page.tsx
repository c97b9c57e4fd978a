import {
  activityList,
  BPM_MODEL_FORM_TYPE,
  DICT_TYPE,
  processInstanceGet,
  taskApprove,
  taskListByProcessInstanceId,
} from '@app/contract';
import type { InstanceTask, ProcessInstanceDetail } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { queryKey, useCan } from '../../../shared/crud';
import { formatDateTime } from '../../../shared/date/format';
import { errorMessageOf, request } from '../../../shared/request';
import { useSessionStore } from '../../../shared/session/session-store';
import { DictTag } from '../../../shared/ui/dict-tag';
import { FormRenderer } from '../form/form-renderer';
import { ApprovalCard } from '../task/approval-card';
import { OaLeaveDetail } from '../oa-leave/oa-leave-detail';
import { invalidateRuntime, OA_LEAVE_DETAIL_PATH, RUNTIME_STALE_TIME } from '../runtime-paths';
import { SignChildrenDialog } from '../task/sign-dialogs';
import { TaskTimeline } from '../task/task-timeline';
import { myOpenTasks } from '../task/task-utils';
import '../runtime.css';

// bpmn-js is large: the diagram loads with its own chunk once the page has the instance.
const BpmnViewer = lazy(() => import('../designer/viewer/bpmn-viewer'));

/** Business forms (formType 20) whose view page can be shown inside the detail page, by view path. */
const BUSINESS_VIEWS: Record<string, ComponentType<{ id: number }>> = {
  [OA_LEAVE_DETAIL_PATH]: OaLeaveDetail,
};

/** The filled form: the process form read-only, or the business form's view. */
function InstanceForm({ instance }: { instance: ProcessInstanceDetail }) {
  const definition = instance.processDefinition;
  if (definition.formType === BPM_MODEL_FORM_TYPE.NORMAL)
    return (
      <FormRenderer
        conf={definition.formConf}
        fields={definition.formFields}
        values={instance.formVariables}
        readOnly
      />
    );
  if (definition.formType === BPM_MODEL_FORM_TYPE.CUSTOM && definition.formCustomViewPath) {
    const View = BUSINESS_VIEWS[definition.formCustomViewPath];
    if (View && instance.businessKey) return <View id={Number(instance.businessKey)} />;
    const to = `${definition.formCustomViewPath}?id=${encodeURIComponent(instance.businessKey ?? '')}`;
    return (
      <Link to={to}>
        <Button type="link">查看业务表单</Button>
      </Link>
    );
  }
  return <Alert type="info" showIcon title="该流程没有表单" />;
}

/**
 * 流程详情 (/bpm/process-instance/detail?id=): header, my approval tasks, the filled form, the
 * approval record and the diagram with the instance's progress.
 */
export default function ProcessInstanceDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const userId = useSessionStore((state) => state.user?.id);
  const queryClient = useQueryClient();
  const canQueryTasks = useCan(taskListByProcessInstanceId);
  const canUpdateTasks = useCan(taskApprove);
  const [signParent, setSignParent] = useState<InstanceTask | null>(null);

  const instance = useQuery({
    queryKey: queryKey(processInstanceGet, { id }),
    staleTime: RUNTIME_STALE_TIME,
    queryFn: () => request(processInstanceGet, { query: { id } }),
    enabled: id !== '',
  });
  const tasks = useQuery({
    queryKey: queryKey(taskListByProcessInstanceId, { processInstanceId: id }),
    staleTime: RUNTIME_STALE_TIME,
    queryFn: () => request(taskListByProcessInstanceId, { query: { processInstanceId: id } }),
    enabled: id !== '' && canQueryTasks,
  });
  const activities = useQuery({
    queryKey: queryKey(activityList, { processInstanceId: id }),
    staleTime: RUNTIME_STALE_TIME,
    queryFn: () => request(activityList, { query: { processInstanceId: id } }),
    enabled: id !== '' && canQueryTasks,
  });

  // An action changes the instance, its tasks and every runtime list.
  const reload = () => invalidateRuntime(queryClient);

  if (!id) return <Result status="warning" title="缺少流程实例编号" />;
  if (instance.isError)
    return (
      <div className="bpm-runtime-page">
        <Result
          status="error"
          title="流程实例加载失败"
          subTitle={errorMessageOf(instance.error)}
          extra={
            <Button type="primary" onClick={() => void instance.refetch()}>
              重试
            </Button>
          }
        />
      </div>
    );
  if (!instance.data)
    return (
      <div className="bpm-runtime-page">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );

  const data = instance.data;
  const starter = data.startUser;
  const mine = canUpdateTasks ? myOpenTasks(tasks.data ?? [], userId) : [];

  return (
    <div className="bpm-runtime-page bpm-runtime-stack">
      <Card size="small" title={data.name} data-testid="instance-header">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'id', label: '流程编号', children: data.id },
            {
              key: 'starter',
              label: '发起人',
              children: starter.deptName ? `${starter.nickname}（${starter.deptName}）` : starter.nickname,
            },
            { key: 'create', label: '提交时间', children: formatDateTime(data.createTime) },
            {
              key: 'status',
              label: '状态',
              children: <DictTag type={DICT_TYPE.BPM_PROCESS_INSTANCE_STATUS} value={data.status} />,
            },
            {
              key: 'result',
              label: '结果',
              children: <DictTag type={DICT_TYPE.BPM_PROCESS_INSTANCE_RESULT} value={data.result} />,
            },
            ...(data.endTime
              ? [{ key: 'end', label: '结束时间', children: formatDateTime(data.endTime) }]
              : []),
          ]}
        />
      </Card>

      {mine.map((task) => (
        <ApprovalCard key={task.id} task={task} instance={data} onDone={reload} />
      ))}

      <Card size="small" title={`申请信息【${data.name}】`}>
        <InstanceForm instance={data} />
      </Card>

      {canQueryTasks && (
        <Card size="small" title="审批记录">
          {tasks.isError ? (
            <Alert type="error" showIcon title="审批记录加载失败" description={errorMessageOf(tasks.error)} />
          ) : (
            <Spin spinning={tasks.isLoading}>
              <TaskTimeline
                tasks={tasks.data ?? []}
                userId={userId}
                canUpdate={canUpdateTasks}
                onDeleteSign={setSignParent}
              />
            </Spin>
          )}
        </Card>
      )}

      <SignChildrenDialog task={signParent} onClose={() => setSignParent(null)} onDone={reload} />

      <Card size="small" title="流程图">
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <BpmnViewer
            xml={data.processDefinition.bpmnXml}
            activities={activities.data}
            processInstance={data}
            tasks={tasks.data}
          />
        </Suspense>
      </Card>
    </div>
  );
}
