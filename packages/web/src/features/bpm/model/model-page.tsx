import {
  ApartmentOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SendOutlined,
  SettingOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  BPM_MODEL_FORM_TYPE,
  BPM_SUSPENSION_STATE,
  bpmModelDelete,
  bpmModelDeploy,
  bpmModelGet,
  bpmModelPage,
  bpmModelUpdateState,
  DICT_TYPE,
} from '@app/contract';
import type { BpmModelPageItem } from '@app/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Space, Switch, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAccess } from '../../../shared/access';
import { formatDateTime } from '../../../shared/date/format';
import { useDictOptions } from '../../../shared/dict';
import { errorMessageOf, request } from '../../../shared/request';
import { DictTag } from '../../../shared/ui/dict-tag';
import { DocAlert } from '../../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../../shared/ui/pagination';
import { RowActions } from '../../../shared/ui/row-actions';
import { SearchActions } from '../../../shared/ui/search-actions';
import { TableToolbar } from '../../../shared/ui/table-toolbar';
import {
  BPM_DEFINITION_QUERY_KEY,
  BPM_MODEL_QUERY_KEY,
  definitionPath,
  modelDesignPath,
} from '../manage-paths';
import { AssignRuleDialog, type RuleOwner } from './assign-rule-dialog';
import { DiagramDialog } from './diagram-dialog';
import { FormInfo, FormPreviewDialog, type FormPreview } from './form-info';
import { ModelCreateDialog, ModelImportDialog, ModelUpdateDialog } from './model-dialogs';
import '../manage.css';

interface SearchValues {
  key?: string;
  name?: string;
  category?: string;
}

const toFilter = (values: SearchValues) => ({
  ...(values.key ? { key: values.key } : {}),
  ...(values.name ? { name: values.name } : {}),
  ...(values.category ? { category: values.category } : {}),
});

/** 流程模型 (menu component bpm/model/index). */
export function ModelPage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<SearchValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [updating, setUpdating] = useState<BpmModelPageItem | null>(null);
  const [ruleOwner, setRuleOwner] = useState<RuleOwner | null>(null);
  const [formPreview, setFormPreview] = useState<FormPreview | null>(null);
  const [diagram, setDiagram] = useState<{ xml?: string | null; error?: string } | null>(null);
  const categories = useDictOptions(DICT_TYPE.BPM_MODEL_CATEGORY).map((d) => ({
    label: d.label,
    value: d.value,
  }));

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: [...BPM_MODEL_QUERY_KEY, 'page', query],
    queryFn: () => request(bpmModelPage, { query }),
    placeholderData: keepPreviousData,
  });
  /** After a change: this list, and the definitions page when it is open in another tab. */
  const refresh = async () => {
    await Promise.all([
      page.refetch(),
      queryClient.invalidateQueries({ queryKey: BPM_DEFINITION_QUERY_KEY }),
    ]);
  };

  const onSearch = (values: SearchValues) => {
    setSearch(values);
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const openDiagram = async (row: BpmModelPageItem) => {
    setDiagram({});
    try {
      const model = await request(bpmModelGet, { query: { id: row.id }, showError: false });
      setDiagram({ xml: model.bpmnXml || null });
    } catch (error) {
      setDiagram({ error: errorMessageOf(error) });
    }
  };

  const onChangeState = (row: BpmModelPageItem, active: boolean) => {
    const text = active ? '激活' : '挂起';
    modal.confirm({
      title: '系统提示',
      content: `是否确认${text}流程名字为"${row.name}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        const state = active ? BPM_SUSPENSION_STATE.ACTIVE : BPM_SUSPENSION_STATE.SUSPENDED;
        await request(bpmModelUpdateState, { body: { id: row.id, state } });
        void message.success(`${text}成功`);
        await refresh();
      },
    });
  };

  const onDeploy = (row: BpmModelPageItem) =>
    modal.confirm({
      title: '系统提示',
      content: '是否部署该流程！！',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        // A refused deploy shows the server's reason (form, rules, diagram) as the error message.
        await request(bpmModelDeploy, { query: { id: row.id } });
        void message.success('部署成功');
        await refresh();
      },
    });

  const onDelete = (row: BpmModelPageItem) =>
    modal.confirm({
      title: '系统提示',
      content: '是否删除该流程！！',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        await request(bpmModelDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await refresh();
      },
    });

  const canUpdate = hasPermi(['bpm:model:update']);
  const actions: {
    key: string;
    label: string;
    icon: ReactNode;
    permission: string;
    danger?: boolean;
    run: (row: BpmModelPageItem) => void;
  }[] = [
    {
      key: 'update',
      label: '修改流程',
      icon: <EditOutlined />,
      permission: 'bpm:model:update',
      run: setUpdating,
    },
    {
      key: 'design',
      label: '设计流程',
      icon: <SettingOutlined />,
      permission: 'bpm:model:update',
      run: (row) => void navigate(modelDesignPath(row.id)),
    },
    {
      key: 'rules',
      label: '分配规则',
      icon: <TeamOutlined />,
      permission: 'bpm:task-assign-rule:query',
      run: (row) => setRuleOwner({ modelId: row.id }),
    },
    {
      key: 'deploy',
      label: '发布流程',
      icon: <SendOutlined />,
      permission: 'bpm:model:deploy',
      run: onDeploy,
    },
    {
      key: 'definitions',
      label: '流程定义',
      icon: <UnorderedListOutlined />,
      permission: 'bpm:process-definition:query',
      run: (row) => void navigate(definitionPath(row.key)),
    },
    {
      key: 'delete',
      label: '删除',
      icon: <DeleteOutlined />,
      permission: 'bpm:model:delete',
      danger: true,
      run: onDelete,
    },
  ];
  const allowed = actions.filter((a) => hasPermi([a.permission]));

  const columns: TableColumnsType<BpmModelPageItem> = [
    { title: '流程标识', dataIndex: 'key', width: 140, align: 'center', ellipsis: true },
    {
      title: '流程名称',
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
      title: '流程分类',
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
            row.formId &&
            setFormPreview({ formId: row.formId })
          }
        />
      ),
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
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
    ...(allowed.length
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 330,
            align: 'center' as const,
            fixed: 'right' as const,
            render: (_: unknown, row: BpmModelPageItem) => (
              <RowActions
                wrap
                actions={allowed.map((a) => ({
                  key: a.key,
                  label: a.label,
                  icon: a.icon,
                  danger: a.danger,
                  onClick: () => a.run(row),
                }))}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="bpm-page">
      <DocAlert title="工作流" url="https://doc.iocoder.cn/bpm" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          layout="inline"
          className="bpm-page__search"
          onFinish={onSearch}
        >
          <Form.Item label="流程标识" name="key">
            <Input allowClear placeholder="请输入流程标识" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="流程名称" name="name">
            <Input allowClear placeholder="请输入流程名称" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="流程分类" name="category">
            <Select allowClear placeholder="流程分类" style={{ width: 160 }} options={categories} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="bpm-page__actions">
        <Space wrap>
          {hasPermi(['bpm:model:create']) && (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              新建流程
            </Button>
          )}
          {hasPermi(['bpm:model:import']) && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              导入流程
            </Button>
          )}
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<BpmModelPageItem>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        bordered
        scroll={{ x: 1410 }}
        locale={{ emptyText: '暂无流程模型' }}
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
      <ModelUpdateDialog model={updating} onClose={() => setUpdating(null)} onSaved={() => void refresh()} />
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
