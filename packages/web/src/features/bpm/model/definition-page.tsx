import { ApartmentOutlined, TeamOutlined } from '@ant-design/icons';
import {
  BPM_MODEL_FORM_TYPE,
  BPM_SUSPENSION_STATE,
  bpmProcessDefinitionGetBpmnXml,
  bpmProcessDefinitionPage,
  DICT_TYPE,
} from '@app/contract';
import type { BpmProcessDefinitionPageItem } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAccess } from '../../../shared/access';
import { formatDateTime } from '../../../shared/date/format';
import { errorMessageOf, request } from '../../../shared/request';
import { DictTag } from '../../../shared/ui/dict-tag';
import { DocAlert } from '../../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../../shared/ui/pagination';
import { TableToolbar } from '../../../shared/ui/table-toolbar';
import { BPM_DEFINITION_QUERY_KEY } from '../manage-paths';
import { AssignRuleDialog, type RuleOwner } from './assign-rule-dialog';
import { DiagramDialog } from './diagram-dialog';
import { FormInfo, FormPreviewDialog, type FormPreview } from './form-info';
import '../manage.css';

/** 流程定义 (/bpm/manager/definition?key=): the deployed versions of one model, newest first. */
export default function DefinitionPage() {
  const { hasPermi } = useAccess();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [ruleOwner, setRuleOwner] = useState<RuleOwner | null>(null);
  const [formPreview, setFormPreview] = useState<FormPreview | null>(null);
  const [diagram, setDiagram] = useState<{ xml?: string | null; error?: string } | null>(null);

  const query = { pageNo, pageSize, ...(key ? { key } : {}) };
  const page = useQuery({
    queryKey: [...BPM_DEFINITION_QUERY_KEY, 'page', query],
    queryFn: () => request(bpmProcessDefinitionPage, { query }),
    placeholderData: keepPreviousData,
  });

  const openDiagram = async (row: BpmProcessDefinitionPageItem) => {
    setDiagram({});
    try {
      const xml = await request(bpmProcessDefinitionGetBpmnXml, { query: { id: row.id }, showError: false });
      setDiagram({ xml: xml || null });
    } catch (error) {
      setDiagram({ error: errorMessageOf(error) });
    }
  };

  const canSeeRules = hasPermi(['bpm:task-assign-rule:query']);
  const columns: TableColumnsType<BpmProcessDefinitionPageItem> = [
    { title: '定义编号', dataIndex: 'id', width: 260, align: 'center', ellipsis: true },
    {
      title: '定义名称',
      dataIndex: 'name',
      width: 160,
      align: 'center',
      render: (name: string, row) => (
        <Button type="link" size="small" icon={<ApartmentOutlined />} onClick={() => void openDiagram(row)}>
          {name}
        </Button>
      ),
    },
    {
      title: '定义分类',
      dataIndex: 'category',
      width: 100,
      align: 'center',
      render: (category: string | null) => <DictTag type={DICT_TYPE.BPM_MODEL_CATEGORY} value={category} />,
    },
    {
      title: '表单信息',
      key: 'form',
      width: 160,
      align: 'center',
      render: (_: unknown, row) => (
        <FormInfo
          binding={row}
          onPreview={() =>
            row.formType === BPM_MODEL_FORM_TYPE.NORMAL &&
            setFormPreview({ conf: row.formConf, fields: row.formFields })
          }
        />
      ),
    },
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
    {
      title: '部署时间',
      dataIndex: 'deploymentTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    {
      title: '定义描述',
      dataIndex: 'description',
      width: 240,
      align: 'center',
      ellipsis: { showTitle: true },
    },
    ...(canSeeRules
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 110,
            align: 'center' as const,
            fixed: 'right' as const,
            render: (_: unknown, row: BpmProcessDefinitionPageItem) => (
              <Button
                type="link"
                size="small"
                icon={<TeamOutlined />}
                onClick={() => setRuleOwner({ processDefinitionId: row.id })}
              >
                分配规则
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="bpm-page">
      <DocAlert title="工作流" url="https://doc.iocoder.cn/bpm" />
      <div className="bpm-page__actions">
        <Space>{key && <Tag>流程标识：{key}</Tag>}</Space>
        <TableToolbar onRefresh={() => void page.refetch()} />
      </div>
      <Table<BpmProcessDefinitionPageItem>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1300 }}
        locale={{ emptyText: '暂无流程定义，请先在流程模型中发布流程' }}
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
      <AssignRuleDialog owner={ruleOwner} onClose={() => setRuleOwner(null)} />
      <FormPreviewDialog preview={formPreview} onClose={() => setFormPreview(null)} />
      <DiagramDialog
        open={diagram !== null}
        xml={diagram?.xml}
        error={diagram?.error}
        onClose={() => setDiagram(null)}
      />
    </div>
  );
}
