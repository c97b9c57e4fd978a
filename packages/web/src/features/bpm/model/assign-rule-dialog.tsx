import { EditOutlined } from '@ant-design/icons';
import {
  bpmTaskAssignRuleCreate,
  bpmTaskAssignRuleList,
  bpmTaskAssignRuleUpdate,
  bpmUserGroupListAllSimple,
  deptListAllSimple,
  DICT_TYPE,
  postListAllSimple,
  roleListAllSimple,
  userListAllSimple,
} from '@app/contract';
import type { BpmTaskAssignRule, BpmTaskAssignRuleUpdateReq } from '@app/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, Space, Table, Tag, TreeSelect } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { queryKey, required, useCan, useDictValueOptions } from '../../../shared/crud';
import { useDictOptions } from '../../../shared/dict';
import { request } from '../../../shared/request';
import { buildTree, type TreeNode } from '../../../shared/tree/build-tree';
import { DictTag } from '../../../shared/ui/dict-tag';
import { DIALOG_WIDTH_MEDIUM } from '../../../shared/ui/sizes';
import {
  RULE_OPTION_FIELD,
  ruleOptionKind,
  ruleOptionName,
  type RuleOptionKind,
  type RuleOptionLists,
} from './rule-options';
import { SubmitDialog } from '../../../shared/ui/submit-dialog';

/** Width of the rule list, as the reference's. */
const LIST_WIDTH = 800;

/** Whose rules: a model's (editable) or a deployed definition's copy (read only). */
export type RuleOwner = { modelId: string } | { processDefinitionId: string };

type RuleType = BpmTaskAssignRuleUpdateReq['type'];

interface RuleFormValues {
  taskDefinitionName: string;
  taskDefinitionKey: string;
  type?: RuleType;
  options: number[];
}

interface DeptRow {
  id: number;
  name: string;
  parentId: number;
}

interface DeptOption {
  value: number;
  title: string;
  children?: DeptOption[];
}

const toTreeData = (nodes: TreeNode<DeptRow>[]): DeptOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: n.children && toTreeData(n.children) }));

/** The option lists of all kinds, loaded once the dialog opens. */
function useRuleOptionLists(enabled: boolean) {
  const common = { enabled, staleTime: 60_000 };
  const roles = useQuery({
    ...common,
    queryKey: queryKey(roleListAllSimple),
    queryFn: () => request(roleListAllSimple),
  });
  const depts = useQuery({
    ...common,
    queryKey: queryKey(deptListAllSimple),
    queryFn: () => request(deptListAllSimple),
  });
  const posts = useQuery({
    ...common,
    queryKey: queryKey(postListAllSimple),
    queryFn: () => request(postListAllSimple),
  });
  const users = useQuery({
    ...common,
    queryKey: queryKey(userListAllSimple),
    queryFn: () => request(userListAllSimple),
  });
  const groups = useQuery({
    ...common,
    queryKey: queryKey(bpmUserGroupListAllSimple),
    queryFn: () => request(bpmUserGroupListAllSimple),
  });
  const scripts = useDictOptions(DICT_TYPE.BPM_TASK_ASSIGN_SCRIPT);
  const lists: RuleOptionLists = useMemo(
    () => ({
      role: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })),
      dept: (depts.data ?? []).map((d) => ({ value: d.id, label: d.name })),
      post: (posts.data ?? []).map((p) => ({ value: p.id, label: p.name })),
      user: (users.data ?? []).map((u) => ({ value: u.id, label: u.nickname })),
      userGroup: (groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
      script: scripts.map((s) => ({ value: Number(s.value), label: s.label })),
    }),
    [roles.data, depts.data, posts.data, users.data, groups.data, scripts],
  );
  const deptTree = useMemo(() => toTreeData(buildTree(depts.data ?? [])), [depts.data]);
  return { lists, deptTree };
}

export interface AssignRuleDialogProps {
  owner: RuleOwner | null;
  onClose: () => void;
}

/** 任务分配规则: the user tasks of a model (or definition) with their rule; a model's rules can be edited. */
export function AssignRuleDialog({ owner, onClose }: AssignRuleDialogProps) {
  const { message } = App.useApp();
  const canCreate = useCan(bpmTaskAssignRuleCreate);
  const canUpdate = useCan(bpmTaskAssignRuleUpdate);
  const [form] = Form.useForm<RuleFormValues>();
  const [editing, setEditing] = useState<BpmTaskAssignRule | null>(null);
  const { lists, deptTree } = useRuleOptionLists(owner !== null);
  const ruleTypes = useDictValueOptions(DICT_TYPE.BPM_TASK_ASSIGN_RULE_TYPE);
  const type = Form.useWatch('type', form);
  const kind = ruleOptionKind(type);

  const rules = useQuery({
    queryKey: queryKey(bpmTaskAssignRuleList, owner),
    queryFn: () => request(bpmTaskAssignRuleList, { query: owner! }),
    enabled: owner !== null,
  });

  const save = useMutation({
    mutationFn: async ({
      rule,
      type,
      options,
    }: {
      rule: BpmTaskAssignRule;
      type: RuleType;
      options: number[];
    }) => {
      if (rule.id !== null) await request(bpmTaskAssignRuleUpdate, { body: { id: rule.id, type, options } });
      else if (owner && 'modelId' in owner)
        await request(bpmTaskAssignRuleCreate, {
          body: { modelId: owner.modelId, taskDefinitionKey: rule.taskDefinitionKey, type, options },
        });
    },
  });

  const editable = owner !== null && 'modelId' in owner;
  const canEdit = (rule: BpmTaskAssignRule) => (rule.id === null ? canCreate : canUpdate);

  const openEdit = (rule: BpmTaskAssignRule) => {
    form.resetFields();
    form.setFieldsValue({
      taskDefinitionName: rule.taskDefinitionName,
      taskDefinitionKey: rule.taskDefinitionKey,
      type: (rule.type ?? undefined) as RuleType | undefined,
      options: rule.options ?? [],
    });
    setEditing(rule);
  };

  const onSubmit = async () => {
    if (!editing) return;
    const values = await form.validateFields();
    await save.mutateAsync({ rule: editing, type: values.type!, options: values.options });
    void message.success('修改成功');
    setEditing(null);
    await rules.refetch();
  };

  const columns: TableColumnsType<BpmTaskAssignRule> = [
    { title: '任务名', dataIndex: 'taskDefinitionName', width: 120, align: 'center', ellipsis: true },
    { title: '任务标识', dataIndex: 'taskDefinitionKey', width: 120, align: 'center', ellipsis: true },
    {
      title: '规则类型',
      dataIndex: 'type',
      width: 120,
      align: 'center',
      render: (value: number | null) =>
        value === null ? (
          <Tag color="warning">未配置</Tag>
        ) : (
          <DictTag type={DICT_TYPE.BPM_TASK_ASSIGN_RULE_TYPE} value={value} />
        ),
    },
    {
      title: '规则范围',
      dataIndex: 'options',
      align: 'center',
      render: (options: number[] | null, rule) => (
        <Space size={[0, 4]} wrap>
          {(options ?? []).map((option) => (
            <Tag key={option}>{ruleOptionName(rule.type, option, lists)}</Tag>
          ))}
        </Space>
      ),
    },
    ...(editable
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 90,
            align: 'center' as const,
            render: (_: unknown, rule: BpmTaskAssignRule) =>
              canEdit(rule) && (
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => openEdit(rule)}>
                  修改
                </Button>
              ),
          },
        ]
      : []),
  ];

  const optionField = (k: RuleOptionKind) => {
    const { label, required } = RULE_OPTION_FIELD[k];
    return (
      <Form.Item key={k} label={label} name="options" rules={[{ required: true, message: required }]}>
        {k === 'dept' ? (
          <TreeSelect
            multiple
            allowClear
            treeDefaultExpandAll
            treeData={deptTree}
            placeholder="请选择指定部门"
            treeNodeFilterProp="title"
          />
        ) : (
          <Select
            mode="multiple"
            allowClear
            options={[...lists[k]]}
            optionFilterProp="label"
            placeholder={`请选择${label.slice(2)}`}
          />
        )}
      </Form.Item>
    );
  };

  return (
    <Modal
      title="任务分配规则"
      open={owner !== null}
      width={LIST_WIDTH}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Table<BpmTaskAssignRule>
        rowKey="taskDefinitionKey"
        columns={columns}
        dataSource={rules.data ?? []}
        loading={rules.isFetching}
        pagination={false}
        scroll={{ x: 700 }}
        locale={{ emptyText: '流程图中没有用户任务' }}
      />
      {/* Inside the list dialog, so it opens above it. */}
      <SubmitDialog
        title="修改任务规则"
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        pending={save.isPending}
        onSubmit={onSubmit}
        onClose={() => setEditing(null)}
      >
        <Form<RuleFormValues> name="bpm-assign-rule-form" form={form} labelCol={{ flex: '100px' }}>
          <Form.Item label="任务名称" name="taskDefinitionName">
            <Input disabled />
          </Form.Item>
          <Form.Item label="任务标识" name="taskDefinitionKey">
            <Input disabled />
          </Form.Item>
          <Form.Item label="规则类型" name="type" rules={required('规则类型')}>
            <Select
              allowClear
              placeholder="请选择规则类型"
              options={ruleTypes}
              // The options of one type mean nothing for another.
              onChange={() => form.setFieldValue('options', [])}
            />
          </Form.Item>
          {kind && optionField(kind)}
        </Form>
      </SubmitDialog>
    </Modal>
  );
}
