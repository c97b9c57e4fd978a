import type { BpmActivity, InstanceTask, OaLeave, ProcessInstanceDetail } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store';
import { BPM_INSTANCE_RESULT, BPM_INSTANCE_STATUS, dict } from '../../../test/dicts';
import { ok } from '../../../test/http-stub';
import { stubPageTest } from '../../../test/page-test';
import { renderPage } from '../../../test/render-page';
import ProcessInstanceDetailPage from './process-instance-detail-page';

// form-js and bpmn-js do not render under jsdom; stand-ins show what they were given.
vi.mock('../form/form-renderer', () => ({
  FormRenderer: (props: { values?: unknown; readOnly?: boolean }) => (
    <div data-testid="form-renderer" data-readonly={String(props.readOnly)}>
      {JSON.stringify(props.values)}
    </div>
  ),
}));
vi.mock('../designer/viewer/bpmn-viewer', () => ({
  default: (props: { xml: string; tasks?: unknown[]; activities?: unknown[] }) => (
    <div data-testid="viewer">{`${props.xml}|${props.tasks?.length ?? 0}|${props.activities?.length ?? 0}`}</div>
  ),
}));

const ME = { id: 1, nickname: '芋道', deptId: 101, deptName: '研发部' };
const OTHER = { id: 2, nickname: '源码', deptId: 102, deptName: '运营部' };

const instance = (
  partial: Partial<ProcessInstanceDetail['processDefinition']> = {},
): ProcessInstanceDetail => ({
  id: 'pi-1',
  name: '报销流程',
  category: '1',
  status: 1,
  result: 1,
  createTime: new Date(2026, 0, 2, 9, 0, 0).getTime(),
  endTime: null,
  formVariables: { title: '差旅' },
  businessKey: null,
  startUser: OTHER,
  processDefinition: {
    id: 'def-1',
    formType: 10,
    formId: 1,
    formConf: '{}',
    formFields: ['{"type":"textfield","key":"title"}'],
    formCustomCreatePath: null,
    formCustomViewPath: null,
    bpmnXml: '<xml/>',
    ...partial,
  },
});

const task = (id: string, name: string, partial: Partial<InstanceTask>): InstanceTask => ({
  id,
  name,
  claimTime: null,
  createTime: new Date(2026, 0, 2, 9, 0, 0).getTime(),
  dueTime: null,
  suspensionState: 1,
  processInstance: {
    id: 'pi-1',
    name: '报销流程',
    startUserId: 2,
    startUserNickname: '源码',
    processDefinitionId: 'def-1',
  },
  endTime: null,
  durationInMillis: null,
  result: 1,
  reason: null,
  definitionKey: id,
  assigneeUser: ME,
  candidateUsers: [],
  ownerUser: null,
  parentTaskId: null,
  children: null,
  ...partial,
});

const TASKS: InstanceTask[] = [
  task('t-mine', '经理审批', {}),
  task('t-delegated', '财务审批', { result: 6 }),
  task('t-other', '出纳审批', { assigneeUser: OTHER }),
  task('t-done', '部门审批', {
    result: 2,
    reason: '同意',
    endTime: new Date(2026, 0, 2, 10, 1, 5).getTime(),
    durationInMillis: 3_665_000,
  }),
  task('t-cancelled', '作废审批', { result: 4, endTime: new Date(2026, 0, 2, 11, 0, 0).getTime() }),
];
const ACTIVITIES: BpmActivity[] = [
  { key: 'start', type: 'startEvent', startTime: 1, endTime: 1, taskId: null, takenFlowIds: ['flow1'] },
];

const leave: OaLeave = {
  id: 12,
  userId: 2,
  type: 1,
  reason: '看病',
  startTime: new Date(2026, 0, 5, 9, 0, 0).getTime(),
  endTime: new Date(2026, 0, 7, 9, 0, 0).getTime(),
  day: 2,
  result: 1,
  processInstanceId: 'pi-1',
  createTime: new Date(2026, 0, 4, 9, 0, 0).getTime(),
};

let current: ProcessInstanceDetail;
let currentTasks: InstanceTask[];

beforeEach(() => {
  current = instance();
  currentTasks = TASKS;
});

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/bpm/process-instance/get')) return ok(current);
    if (call.path.endsWith('/bpm/task/list-by-process-instance-id')) return ok(currentTasks);
    if (call.path.endsWith('/bpm/task/children-list'))
      return ok([{ id: 'c-other', name: '经理审批', result: 1, createTime: 0, assigneeUser: OTHER }]);
    if (call.path.endsWith('/bpm/activity/list')) return ok(ACTIVITIES);
    if (call.path.endsWith('/bpm/task/return-list')) return ok([{ id: 'apply', name: '提交申请' }]);
    if (call.path.endsWith('/bpm/oa/leave/get')) return ok(leave);
    if (call.path.endsWith('/system/user/simple-list')) return ok([ME, OTHER]);
    return ok(true);
  },
  {
    dicts: [...BPM_INSTANCE_RESULT, BPM_INSTANCE_STATUS[0]!, dict('bpm_oa_leave_type', '1', '病假')],
  },
);

function setup(permissions: string[]) {
  useSessionStore.setState({
    user: { id: ME.id, nickname: ME.nickname, avatar: '', deptId: ME.deptId } as never,
  });
  return renderPage(<ProcessInstanceDetailPage />, {
    permissions,
    path: '/bpm/process-instance/detail',
    address: '/bpm/process-instance/detail?id=pi-1',
  }).user;
}

const ALL = ['bpm:process-instance:query', 'bpm:task:query', 'bpm:task:update'];
// antd's ids are not unique under test, so a dialog is found through its title.
const dialogTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
const callsTo = stub.callsTo;

describe('process instance detail page', { timeout: 30_000 }, () => {
  it('shows the header, the read-only form, the record and the diagram', async () => {
    setup(ALL);
    const header = await screen.findByTestId('instance-header');
    expect(header).toHaveTextContent('报销流程');
    expect(header).toHaveTextContent('源码（运营部）');
    expect(header).toHaveTextContent('2026-01-02 09:00:00');
    expect(header).toHaveTextContent('进行中');
    expect(screen.getByTestId('form-renderer')).toHaveTextContent('{"title":"差旅"}');
    expect(screen.getByTestId('form-renderer')).toHaveAttribute('data-readonly', 'true');

    // The record leaves the cancelled task out and lists open tasks before finished ones.
    await waitFor(() => expect(screen.getAllByTestId('timeline-task')).toHaveLength(4));
    const record = screen.getAllByTestId('timeline-task').map((el) => el.textContent ?? '');
    expect(record.at(-1)).toContain('部门审批');
    expect(record.at(-1)).toContain('审批人：芋道（研发部）');
    expect(record.at(-1)).toContain('耗时：1小时1分5秒');
    expect(record.at(-1)).toContain('审批建议：同意');
    expect(record.join()).not.toContain('作废审批');
    expect(await screen.findByTestId('viewer')).toHaveTextContent('<xml/>|5|1');
  });

  it('offers the actions on my open tasks only (in progress and delegated to me)', async () => {
    setup(ALL);
    await waitFor(() => expect(screen.getAllByTestId('approval-card')).toHaveLength(2));
    const titles = screen.getAllByTestId('approval-card').map((card) => card.textContent ?? '');
    expect(titles[0]).toContain('审批任务【经理审批】');
    expect(titles[1]).toContain('审批任务【财务审批】');
    const card = screen.getAllByTestId('approval-card')[0]!;
    for (const name of ['通过', '不通过', '转办', '委派', '加签', '回退'])
      expect(within(card).getByRole('button', { name: new RegExp(`^\\S*\\s*${name}$`) })).toBeInTheDocument();
  });

  it('offers no actions without bpm:task:update', async () => {
    setup(['bpm:process-instance:query', 'bpm:task:query']);
    await waitFor(() => expect(screen.getAllByTestId('timeline-task')).toHaveLength(4));
    expect(screen.queryByTestId('approval-card')).not.toBeInTheDocument();
  });

  it('approves with a required opinion', async () => {
    const user = setup(ALL);
    await waitFor(() => expect(screen.getAllByTestId('approval-card')).toHaveLength(2));
    const card = screen.getAllByTestId('approval-card')[0]!;
    await user.click(within(card).getByRole('button', { name: /(?<!不)通过$/ }));
    expect(await within(card).findByText('审批建议不能为空')).toBeInTheDocument();
    expect(callsTo('/bpm/task/approve')).toHaveLength(0);

    await user.type(within(card).getByLabelText('审批建议'), '同意报销');
    const before = callsTo('/bpm/process-instance/get').length;
    await user.click(within(card).getByRole('button', { name: /(?<!不)通过$/ }));
    await waitFor(() => expect(callsTo('/bpm/task/approve')).toHaveLength(1));
    const approve = callsTo('/bpm/task/approve')[0]!;
    expect(approve.method).toBe('PUT');
    expect(approve.body).toEqual({ id: 't-mine', reason: '同意报销' });
    // The page reloads the instance and its tasks.
    await waitFor(() => expect(callsTo('/bpm/process-instance/get').length).toBeGreaterThan(before));
  });

  it('rejects only after confirmation', async () => {
    const user = setup(ALL);
    await waitFor(() => expect(screen.getAllByTestId('approval-card')).toHaveLength(2));
    const card = screen.getAllByTestId('approval-card')[0]!;
    await user.type(within(card).getByLabelText('审批建议'), '不合规');
    await user.click(within(card).getByRole('button', { name: /不通过$/ }));
    expect(await screen.findByText('确定不通过任务“经理审批”吗？流程将结束。')).toBeInTheDocument();
    expect(callsTo('/bpm/task/reject')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callsTo('/bpm/task/reject')).toHaveLength(1));
    expect(callsTo('/bpm/task/reject')[0]!.body).toEqual({ id: 't-mine', reason: '不合规' });
  });

  it('returns a task to a node of the return list with a reason', async () => {
    const user = setup(ALL);
    await waitFor(() => expect(screen.getAllByTestId('approval-card')).toHaveLength(2));
    const card = screen.getAllByTestId('approval-card')[0]!;
    await user.click(within(card).getByRole('button', { name: /回退$/ }));
    const dialog = await dialogTitled('回退任务');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('回退节点不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('回退理由不能为空')).toBeInTheDocument();
    expect(callsTo('/bpm/task/return-list')[0]!.query.get('taskId')).toBe('t-mine');

    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByTitle('提交申请'));
    await user.type(within(dialog).getByLabelText('回退理由'), '材料不全');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callsTo('/bpm/task/return')).toHaveLength(1));
    expect(callsTo('/bpm/task/return')[0]!.body).toEqual({
      id: 't-mine',
      targetDefinitionKey: 'apply',
      reason: '材料不全',
    });
  });

  it('hands a task to another user (转办)', async () => {
    const user = setup(ALL);
    await waitFor(() => expect(screen.getAllByTestId('approval-card')).toHaveLength(2));
    const card = screen.getAllByTestId('approval-card')[0]!;
    await user.click(within(card).getByRole('button', { name: /转办$/ }));
    const dialog = await dialogTitled('转办任务');
    await user.click(within(dialog).getByRole('combobox'));
    // The current assignee is not offered.
    await user.click(await screen.findByTitle('源码'));
    expect(screen.queryByTitle('芋道')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callsTo('/bpm/task/update-assignee')).toHaveLength(1));
    expect(callsTo('/bpm/task/update-assignee')[0]!.body).toEqual({ id: 't-mine', assigneeUserId: 2 });
  });

  it('adds signs before or after the task (加签) with users and a reason', async () => {
    const user = setup(ALL);
    await waitFor(() => expect(screen.getAllByTestId('approval-card')).toHaveLength(2));
    const card = screen.getAllByTestId('approval-card')[0]!;
    await user.click(within(card).getByRole('button', { name: /加签$/ }));
    const dialog = await dialogTitled('加签【经理审批】');
    await user.click(within(dialog).getByRole('button', { name: '向前加签' }));
    expect(await within(dialog).findByText('加签处理人不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('加签理由不能为空')).toBeInTheDocument();
    expect(callsTo('/bpm/task/create-sign')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox'));
    // I am the task's assignee: not offered.
    await user.click(await screen.findByTitle('源码'));
    expect(screen.queryByTitle('芋道')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('加签理由'), '请财务把关');
    await user.click(within(dialog).getByRole('button', { name: '向后加签' }));
    await waitFor(() => expect(callsTo('/bpm/task/create-sign')).toHaveLength(1));
    const sign = callsTo('/bpm/task/create-sign')[0]!;
    expect(sign.method).toBe('PUT');
    expect(sign.body).toEqual({ id: 't-mine', userIdList: [2], type: 'after', reason: '请财务把关' });
  });

  it('nests the added tasks under their task and takes one away (减签) after confirming', async () => {
    currentTasks = [
      task('t-root', '经理审批', {
        result: 8,
        assigneeUser: null,
        ownerUser: ME,
        reason: '请大家把关',
        children: [
          task('c-other', '经理审批', { assigneeUser: OTHER, parentTaskId: 't-root' }),
          task('c-cancelled', '经理审批', { result: 4, assigneeUser: OTHER, parentTaskId: 't-root' }),
        ],
      }),
    ];
    const user = setup(ALL);
    await waitFor(() => expect(screen.getAllByTestId('timeline-task')).toHaveLength(2));
    // The waiting task is its owner's; the added one sits below it; the cancelled one is left out.
    const [root, added] = screen.getAllByTestId('timeline-task');
    expect(root).toHaveTextContent('待前加签任务完成');
    expect(root).toHaveTextContent('审批人：芋道（研发部）');
    expect(within(screen.getByTestId('timeline-children')).getByTestId('timeline-task')).toBe(added);
    expect(added).toHaveTextContent('审批人：源码（运营部）');
    expect(screen.queryByTestId('approval-card')).not.toBeInTheDocument();

    await user.click(within(root!).getByRole('button', { name: /减签$/ }));
    const list = await dialogTitled('减签【经理审批】');
    expect(callsTo('/bpm/task/children-list')[0]!.query.get('parentId')).toBe('t-root');
    const row = (await within(list).findByText('源码（运营部）')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /减\s*签/ }));
    const confirm = await dialogTitled('确认减签');
    expect(confirm).toHaveTextContent('确定减签“源码”的任务吗？');
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await within(confirm).findByText('减签理由不能为空')).toBeInTheDocument();
    expect(callsTo('/bpm/task/delete-sign')).toHaveLength(0);
    await user.type(within(confirm).getByLabelText('减签理由'), '不用他了');
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callsTo('/bpm/task/delete-sign')).toHaveLength(1));
    const removal = callsTo('/bpm/task/delete-sign')[0]!;
    expect(removal.method).toBe('DELETE');
    expect(removal.body).toEqual({ id: 'c-other', reason: '不用他了' });
  });

  it('offers 减签 only to who holds the task', async () => {
    currentTasks = [
      task('t-root', '经理审批', {
        result: 8,
        assigneeUser: null,
        ownerUser: OTHER,
        children: [task('c-mine', '经理审批', { assigneeUser: ME, parentTaskId: 't-root' })],
      }),
    ];
    setup(ALL);
    // The task added to me is mine to decide, the waiting one is not mine to take from.
    await waitFor(() => expect(screen.getAllByTestId('approval-card')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /减签$/ })).not.toBeInTheDocument();
  });

  it('shows the leave itself for an oa_leave instance', async () => {
    current = {
      ...instance({
        formType: 20,
        formId: null,
        formConf: null,
        formFields: null,
        formCustomCreatePath: '/bpm/oa/leave/create',
        formCustomViewPath: '/bpm/oa/leave/detail',
      }),
      businessKey: '12',
    };
    setup(ALL);
    expect(await screen.findByText('看病')).toBeInTheDocument();
    expect(screen.getByText('病假')).toBeInTheDocument();
    expect(screen.getByText('2 天')).toBeInTheDocument();
    expect(callsTo('/bpm/oa/leave/get')[0]!.query.get('id')).toBe('12');
    expect(screen.queryByTestId('form-renderer')).not.toBeInTheDocument();
  });
});
