import {
  DeleteOutlined,
  EditOutlined,
  SendOutlined,
  SettingOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  BPM_MODEL_FORM_TYPE,
  BPM_SUSPENSION_STATE,
  bpmModelCreate,
  bpmModelDelete,
  bpmModelDeploy,
  bpmModelImport,
  bpmModelPage,
  bpmModelUpdate,
  bpmModelUpdateState,
  bpmProcessDefinitionPage,
  bpmTaskAssignRuleList,
  DICT_TYPE,
} from '@app/contract';
import type { BpmModelPageItem } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Switch, Tag } from 'antd';
import type { ModalFuncProps, TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  confirmAction,
  CreateButton,
  dateTimeColumn,
  dictColumn,
  invalidateEndpoints,
  textColumn,
  useCan,
  useCrudPage,
} from '../../../shared/crud';
import type { SearchField } from '../../../shared/crud';
import { formatDateTime } from '../../../shared/date/format';
import { request } from '../../../shared/request';
import { DocAlert } from '../../../shared/ui/doc-alert';
import { definitionPath, modelDesignPath } from '../manage-paths';
import { AssignRuleDialog, type RuleOwner } from './assign-rule-dialog';
import { DiagramDialog, useDiagramDialog } from './diagram-dialog';
import { FormPreviewDialog, type FormPreview } from './form-info';
import { diagramNameColumn, formInfoColumn } from './model-columns';
import { ModelCreateDialog, ModelImportDialog, ModelUpdateDialog } from './model-dialogs';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'key', label: '流程标识' },
  { kind: 'text', name: 'name', label: '流程名称' },
  {
    kind: 'dict',
    name: 'category',
    label: '流程分类',
    dictType: DICT_TYPE.BPM_MODEL_CATEGORY,
    valueType: 'string',
    placeholder: '流程分类',
  },
];

/** 流程模型 (menu component bpm/model/index). */
export function ModelPage() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [updating, setUpdating] = useState<BpmModelPageItem | null>(null);
  const [ruleOwner, setRuleOwner] = useState<RuleOwner | null>(null);
  const [formPreview, setFormPreview] = useState<FormPreview | null>(null);
  const diagram = useDiagramDialog();
  const canUpdate = useCan(bpmModelUpdate);
  const canRules = useCan(bpmTaskAssignRuleList);
  const canDeploy = useCan(bpmModelDeploy);
  const canDefinitions = useCan(bpmProcessDefinitionPage);
  const canDelete = useCan(bpmModelDelete);
  const canImport = useCan(bpmModelImport);

  /** After a change: the models, and the definitions when their page is open in another tab. */
  const refresh = () => invalidateEndpoints(client, bpmModelPage, bpmProcessDefinitionPage);
  const act = (content: string, run: () => Promise<unknown>, success: string, danger = false) =>
    confirmAction(
      (props: ModalFuncProps) => modal.confirm(danger ? { ...props, okButtonProps: { danger } } : props),
      content,
      async () => {
        await run();
        void message.success(success);
        await refresh();
      },
    );
  const onChangeState = (row: BpmModelPageItem, active: boolean) => {
    const text = active ? '激活' : '挂起';
    const state = active ? BPM_SUSPENSION_STATE.ACTIVE : BPM_SUSPENSION_STATE.SUSPENDED;
    act(
      `是否确认${text}流程名字为"${row.name}"的数据项?`,
      () => request(bpmModelUpdateState, { body: { id: row.id, state } }),
      `${text}成功`,
    );
  };

  const columns: TableColumnsType<BpmModelPageItem> = [
    textColumn('流程标识', 'key', { width: 140 }),
    diagramNameColumn('流程名称', (row) => diagram.openModel(row.id)),
    dictColumn('流程分类', 'category', DICT_TYPE.BPM_MODEL_CATEGORY, { width: 100 }),
    formInfoColumn(
      (row) =>
        row.formType === BPM_MODEL_FORM_TYPE.NORMAL && row.formId && setFormPreview({ formId: row.formId }),
    ),
    dateTimeColumn(),
    {
      title: '最新部署的流程定义',
      align: 'center',
      children: [
        {
          title: '流程版本',
          key: 'version',
          width: 90,
          align: 'center',
          render: (_: unknown, row) =>
            row.processDefinition ? (
              <Tag color="processing">v{row.processDefinition.version}</Tag>
            ) : (
              <Tag color="warning">未部署</Tag>
            ),
        },
        {
          title: '激活状态',
          key: 'state',
          width: 90,
          align: 'center',
          render: (_: unknown, row) =>
            row.processDefinition && (
              <Switch
                aria-label={`${row.name}的激活状态`}
                checked={row.processDefinition.suspensionState === BPM_SUSPENSION_STATE.ACTIVE}
                disabled={!canUpdate}
                onChange={(checked) => onChangeState(row, checked)}
              />
            ),
        },
        {
          title: '部署时间',
          key: 'deploymentTime',
          width: 170,
          align: 'center',
          render: (_: unknown, row) => formatDateTime(row.processDefinition?.deploymentTime),
        },
      ],
    },
  ];

  return useCrudPage({
    endpoints: { page: bpmModelPage },
    entity: '流程模型',
    search: SEARCH,
    columns,
    rowActions: {
      more: (row) => [
        {
          key: 'update',
          label: '修改流程',
          icon: <EditOutlined />,
          visible: canUpdate,
          onClick: () => setUpdating(row),
        },
        {
          key: 'design',
          label: '设计流程',
          icon: <SettingOutlined />,
          visible: canUpdate,
          onClick: () => void navigate(modelDesignPath(row.id)),
        },
        {
          key: 'rules',
          label: '分配规则',
          icon: <TeamOutlined />,
          visible: canRules,
          onClick: () => setRuleOwner({ modelId: row.id }),
        },
        {
          key: 'deploy',
          label: '发布流程',
          icon: <SendOutlined />,
          visible: canDeploy,
          // A refused deploy shows the server's reason (form, rules, diagram) as the error message.
          onClick: () =>
            act('是否部署该流程！！', () => request(bpmModelDeploy, { query: { id: row.id } }), '部署成功'),
        },
        {
          key: 'definitions',
          label: '流程定义',
          icon: <UnorderedListOutlined />,
          visible: canDefinitions,
          onClick: () => void navigate(definitionPath(row.key)),
        },
        {
          key: 'delete',
          label: '删除',
          icon: <DeleteOutlined />,
          danger: true,
          visible: canDelete,
          onClick: () =>
            act(
              '是否删除该流程！！',
              () => request(bpmModelDelete, { query: { id: row.id } }),
              '删除成功',
              true,
            ),
        },
      ],
      moreVisible: canUpdate || canRules || canDeploy || canDefinitions || canDelete,
      width: 330,
      wrap: true,
    },
    header: <DocAlert title="工作流" url="https://doc.iocoder.cn/bpm" />,
    toolbar: (
      <>
        <CreateButton endpoint={bpmModelCreate} label="新建流程" onClick={() => setCreating(true)} />
        {canImport && (
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            导入流程
          </Button>
        )}
      </>
    ),
    emptyText: '暂无流程模型',
    scrollX: 1410,
    table: { bordered: true },
    dialogs: (
      <>
        <ModelCreateDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={() => void refresh()}
        />
        <ModelImportDialog
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => void refresh()}
        />
        <ModelUpdateDialog
          model={updating}
          onClose={() => setUpdating(null)}
          onSaved={() => void refresh()}
        />
        <AssignRuleDialog owner={ruleOwner} onClose={() => setRuleOwner(null)} />
        <FormPreviewDialog preview={formPreview} onClose={() => setFormPreview(null)} />
        <DiagramDialog control={diagram} />
      </>
    ),
  });
}
