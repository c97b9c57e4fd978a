import type { BpmTaskAssignRule } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { dict } from '../../../test/dicts';
import { ok } from '../../../test/http-stub';
import { stubPageTest } from '../../../test/page-test';
import { renderPage } from '../../../test/render-page';
import { AssignRuleDialog, type RuleOwner } from './assign-rule-dialog';

const task = (rule: Partial<BpmTaskAssignRule>): BpmTaskAssignRule => ({
  id: null,
  modelId: 'm1',
  processDefinitionId: '',
  taskDefinitionKey: 'managerApprove',
  taskDefinitionName: '经理审批',
  type: null,
  options: null,
  ...rule,
});

let rules: BpmTaskAssignRule[];

beforeEach(() => {
  rules = [
    task({}),
    task({ id: 5, taskDefinitionKey: 'hr', taskDefinitionName: '人事审批', type: 50, options: [10, 99] }),
  ];
});

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/bpm/task-assign-rule/list')) return ok(rules);
    if (call.path.endsWith('/system/role/list-all-simple')) return ok([{ id: 2, name: '普通角色' }]);
    if (call.path.endsWith('/system/user/list-all-simple')) return ok([{ id: 1, nickname: '系统管理员' }]);
    if (call.path.endsWith('/system/dept/list-all-simple')) return ok([]);
    if (call.path.endsWith('/system/post/list-all-simple')) return ok([]);
    if (call.path.endsWith('/bpm/user-group/list-all-simple')) return ok([]);
    if (call.path.endsWith('/bpm/task-assign-rule/create')) return ok(6);
    return ok(true);
  },
  {
    dicts: [
      dict('bpm_task_assign_rule_type', '10', '角色', ''),
      dict('bpm_task_assign_rule_type', '30', '用户', ''),
      dict('bpm_task_assign_rule_type', '50', '自定义脚本', ''),
      dict('bpm_task_assign_script', '10', '流程发起人', ''),
    ],
  },
);

const setup = (owner: RuleOwner, permissions: string[]) =>
  renderPage(<AssignRuleDialog owner={owner} onClose={() => undefined} />, { permissions }).user;

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
/** The rule editor (it opens inside the list dialog). */
const editDialog = async () => (await screen.findByText('修改任务规则')).closest('.ant-modal') as HTMLElement;

describe('assignment rule dialog', { timeout: 30_000 }, () => {
  it('lists the user tasks with their rule, naming options and marking gone ones', async () => {
    setup({ modelId: 'm1' }, ['bpm:task-assign-rule:update', 'bpm:task-assign-rule:create']);
    expect(await screen.findByText('经理审批')).toBeInTheDocument();
    expect(within(rowOf('经理审批')).getByText('未配置')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('人事审批')).getByText('流程发起人')).toBeInTheDocument());
    expect(within(rowOf('人事审批')).getByText('未知(99)')).toBeInTheDocument();
  });

  it('creates the missing rule of a model task with the options of the chosen type', async () => {
    const user = setup({ modelId: 'm1' }, ['bpm:task-assign-rule:update', 'bpm:task-assign-rule:create']);
    await user.click(within(await waitFor(() => rowOf('经理审批'))).getByRole('button', { name: /修改/ }));
    const edit = await editDialog();
    await user.click(within(edit).getByRole('button', { name: /确\s*定/ }));
    expect(await within(edit).findByText('规则类型不能为空')).toBeInTheDocument();

    await user.click(within(edit).getByRole('combobox', { name: '规则类型' }));
    await user.click(await screen.findByTitle('用户'));
    await user.click(await within(edit).findByRole('combobox', { name: '指定用户' }));
    await user.click(await screen.findByTitle('系统管理员'));
    rules = [task({ id: 6, type: 30, options: [1] }), rules[1]!];
    await user.click(within(edit).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() =>
      expect(stub.calls.some((c) => c.path.endsWith('/task-assign-rule/create'))).toBe(true),
    );
    const create = stub.calls.find((c) => c.path.endsWith('/task-assign-rule/create'))!;
    expect(create.body).toEqual({
      modelId: 'm1',
      taskDefinitionKey: 'managerApprove',
      type: 30,
      options: [1],
    });
    await waitFor(() => expect(within(rowOf('经理审批')).getByText('系统管理员')).toBeInTheDocument());
  });

  it('updates an existing rule; a task without one needs the create permission', async () => {
    const user = setup({ modelId: 'm1' }, ['bpm:task-assign-rule:update']);
    // Without the create permission the task without a rule cannot be edited.
    await waitFor(() => expect(within(rowOf('经理审批')).queryByRole('button', { name: /修改/ })).toBeNull());
    await user.click(within(rowOf('人事审批')).getByRole('button', { name: /修改/ }));
    const edit = await editDialog();
    await user.click(within(edit).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(stub.calls.some((c) => c.path.endsWith('/task-assign-rule/update'))).toBe(true),
    );
    expect(stub.calls.find((c) => c.path.endsWith('/task-assign-rule/update'))!.body).toEqual({
      id: 5,
      type: 50,
      options: [10, 99],
    });
  });

  it('has no 修改 for a deployed definition', async () => {
    setup({ processDefinitionId: 'd1' }, ['bpm:task-assign-rule:update', 'bpm:task-assign-rule:create']);
    expect(await screen.findByText('经理审批')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /修改/ })).toBeNull();
    expect(
      stub.calls.find((c) => c.path.endsWith('/task-assign-rule/list'))!.query.get('processDefinitionId'),
    ).toBe('d1');
  });
});
