import { TeamOutlined } from '@ant-design/icons';
import {
  BPM_MODEL_FORM_TYPE,
  BPM_SUSPENSION_STATE,
  bpmProcessDefinitionPage,
  bpmTaskAssignRuleList,
  DICT_TYPE,
} from '@app/contract';
import type { BpmProcessDefinitionPageItem } from '@app/contract';
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { dateTimeColumn, dictColumn, textColumn, useCan, useCrudPage } from '../../../shared/crud';
import { DocAlert } from '../../../shared/ui/doc-alert';
import { AssignRuleDialog, type RuleOwner } from './assign-rule-dialog';
import { DiagramDialog, useDiagramDialog } from './diagram-dialog';
import { FormPreviewDialog, type FormPreview } from './form-info';
import { diagramNameColumn, formInfoColumn } from './model-columns';

/** 流程定义 (/bpm/manager/definition?key=): the deployed versions of one model, newest first. */
export default function DefinitionPage() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const [ruleOwner, setRuleOwner] = useState<RuleOwner | null>(null);
  const [formPreview, setFormPreview] = useState<FormPreview | null>(null);
  const diagram = useDiagramDialog();

  const canSeeRules = useCan(bpmTaskAssignRuleList);
  const columns: TableColumnsType<BpmProcessDefinitionPageItem> = [
    textColumn('定义编号', 'id', { width: 260 }),
    diagramNameColumn('定义名称', (row) => diagram.openDefinition(row.id)),
    dictColumn('定义分类', 'category', DICT_TYPE.BPM_MODEL_CATEGORY, { width: 100 }),
    formInfoColumn(
      (row) =>
        row.formType === BPM_MODEL_FORM_TYPE.NORMAL &&
        setFormPreview({ conf: row.formConf, fields: row.formFields }),
    ),
    {
      title: '流程版本',
      dataIndex: 'version',
      width: 90,
      align: 'center',
      render: (version: number) => <Tag color="processing">v{version}</Tag>,
    },
    {
      title: '状态',
      dataIndex: 'suspensionState',
      width: 90,
      align: 'center',
      render: (state: number) =>
        state === BPM_SUSPENSION_STATE.ACTIVE ? (
          <Tag color="success">激活</Tag>
        ) : (
          <Tag color="warning">挂起</Tag>
        ),
    },
    dateTimeColumn('部署时间', 'deploymentTime'),
    textColumn('定义描述', 'description', { width: 240, ellipsis: { showTitle: true } }),
  ];

  return useCrudPage({
    endpoints: { page: bpmProcessDefinitionPage },
    entity: '流程定义',
    listOptions: { fixed: key ? { key } : undefined },
    columns,
    rowActions: {
      more: (row) => [
        {
          key: 'rules',
          label: '分配规则',
          icon: <TeamOutlined />,
          onClick: () => setRuleOwner({ processDefinitionId: row.id }),
          visible: canSeeRules,
        },
      ],
      moreVisible: canSeeRules,
      width: 110,
    },
    header: <DocAlert title="工作流" url="https://doc.iocoder.cn/bpm" />,
    toolbar: key && <Tag>流程标识：{key}</Tag>,
    emptyText: '暂无流程定义，请先在流程模型中发布流程',
    scrollX: 1300,
    dialogs: (
      <>
        <AssignRuleDialog owner={ruleOwner} onClose={() => setRuleOwner(null)} />
        <FormPreviewDialog preview={formPreview} onClose={() => setFormPreview(null)} />
        <DiagramDialog control={diagram} />
      </>
    ),
  });
}
