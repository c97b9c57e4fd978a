import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  BPM_MODEL_FORM_TYPE,
  bpmProcessDefinitionGetBpmnXml,
  bpmProcessDefinitionList,
  DICT_TYPE,
  processInstanceCreate,
} from '@app/contract';
import type { BpmProcessDefinition } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Skeleton, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTabs } from '../../../layout/tags-view';
import { useAccess } from '../../../shared/access';
import { dictColumn, queryKey } from '../../../shared/crud';
import { errorMessageOf, request } from '../../../shared/request';
import { FormRenderer } from '../form/form-renderer';
import { invalidateRuntime, processDetailPath } from '../runtime-paths';
import '../runtime.css';

const BpmnViewer = lazy(() => import('../designer/viewer/bpmn-viewer'));

/** The chosen definition's diagram, read-only. */
function DefinitionDiagram({ id }: { id: string }) {
  const xml = useQuery({
    queryKey: queryKey(bpmProcessDefinitionGetBpmnXml, { id }),
    queryFn: () => request(bpmProcessDefinitionGetBpmnXml, { query: { id } }),
  });
  if (xml.isError)
    return <Alert type="error" showIcon title="流程图加载失败" description={errorMessageOf(xml.error)} />;
  if (!xml.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <BpmnViewer xml={xml.data} height={400} />
    </Suspense>
  );
}

/**
 * 发起流程 (/bpm/process-instance/create): choose an active definition, fill its process form and
 * submit, or go to its business form's create page.
 */
export default function ProcessInstanceCreatePage() {
  const { message } = App.useApp();
  const { hasPermi } = useAccess();
  const navigate = useNavigate();
  const tabs = useTabs();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<BpmProcessDefinition | null>(null);

  const definitions = useQuery({
    queryKey: queryKey(bpmProcessDefinitionList, { suspensionState: '1' }),
    queryFn: () => request(bpmProcessDefinitionList, { query: { suspensionState: '1' } }),
  });

  const create = useMutation({
    mutationFn: (variables: Record<string, unknown>) =>
      request(processInstanceCreate, { body: { processDefinitionId: chosen!.id, variables } }),
    onSuccess: () => invalidateRuntime(queryClient),
  });

  const choose = (definition: BpmProcessDefinition) => {
    if (definition.formType === BPM_MODEL_FORM_TYPE.CUSTOM) {
      if (definition.formCustomCreatePath) void navigate(definition.formCustomCreatePath);
      else void message.error('该流程的业务表单没有配置提交路由');
      return;
    }
    if (definition.formType !== BPM_MODEL_FORM_TYPE.NORMAL) {
      void message.error('该流程没有配置表单，无法发起');
      return;
    }
    setChosen(definition);
  };

  const onSubmit = async (variables: Record<string, unknown>) => {
    const id = await create.mutateAsync(variables);
    void message.success('发起流程成功');
    tabs.closeAndOpen(processDetailPath(id));
  };

  const canCreate = hasPermi(['bpm:process-instance:create']);
  const columns: TableColumnsType<BpmProcessDefinition> = [
    { title: '流程名称', dataIndex: 'name', ellipsis: true, align: 'center' },
    dictColumn('流程分类', 'category', DICT_TYPE.BPM_MODEL_CATEGORY, { width: 120 }),
    {
      title: '流程版本',
      dataIndex: 'version',
      width: 100,
      align: 'center',
      render: (version: number) => <Tag>v{version}</Tag>,
    },
    { title: '流程描述', dataIndex: 'description', ellipsis: true, align: 'center' },
    ...(canCreate
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 100,
            align: 'center' as const,
            render: (_: unknown, row: BpmProcessDefinition) => (
              <Button type="link" size="small" onClick={() => choose(row)}>
                选择
              </Button>
            ),
          },
        ]
      : []),
  ];

  if (!chosen)
    return (
      <div className="bpm-runtime-page">
        <Table<BpmProcessDefinition>
          rowKey="id"
          columns={columns}
          dataSource={definitions.data ?? []}
          loading={definitions.isFetching}
          pagination={false}
          scroll={{ x: 800 }}
          locale={{ emptyText: definitions.isError ? '流程定义加载失败，请刷新重试' : '暂无可发起的流程' }}
        />
      </div>
    );

  return (
    <div className="bpm-runtime-page bpm-runtime-stack">
      <Card
        size="small"
        title={`申请信息【${chosen.name}】`}
        extra={
          <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => setChosen(null)}>
            选择其它流程
          </Button>
        }
      >
        <FormRenderer
          key={chosen.id}
          conf={chosen.formConf}
          fields={chosen.formFields}
          submitText="提 交"
          submitting={create.isPending}
          onSubmit={(values) => void onSubmit(values).catch(() => undefined)}
          onCancel={() => setChosen(null)}
        />
      </Card>
      <Card size="small" title="流程图">
        <DefinitionDiagram id={chosen.id} />
      </Card>
    </div>
  );
}
