import type { HomeStatistics, MenuNode, ProcessInstancePageItem, TodoTask } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useUnreadStore } from '../../layout/notify-bell';
import { setLoginTime } from '../../shared/auth/storage';
import { useSessionStore } from '../../shared/session';
import { PERMISSION_INFO } from '../../test/fixtures';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { greetingFor, HomePage } from './home-page';

// ECharts draws with browser APIs jsdom lacks; the page's part is the figures handed to it.
vi.mock('./home-echart', () => ({
  HomeEChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const DAY = 86_400_000;
const base = new Date(2026, 2, 1, 9, 0, 0).getTime();

/** To-do tasks t1 (oldest) … tn, served newest first as the server pages them. */
const tasks = (n: number): TodoTask[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `t${i + 1}`,
    name: `审批${i + 1}`,
    claimTime: null,
    createTime: base + i * DAY,
    dueTime: null,
    suspensionState: 1,
    processInstance: {
      id: `p${i + 1}`,
      name: `请假${i + 1}`,
      startUserId: 2,
      startUserNickname: '小王',
      processDefinitionId: 'oa_leave:1',
    },
  })).reverse();

const running: ProcessInstancePageItem = {
  id: 'mine-1',
  name: '出差申请',
  processDefinitionId: 'trip:1',
  category: null,
  status: 1,
  result: 1,
  createTime: base,
  endTime: null,
  tasks: [{ id: 'x', name: '经理审批' }],
};

const days = [
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
  '2026-03-08',
  '2026-03-09',
  '2026-03-10',
  '2026-03-11',
];
const week = (values: number[]): HomeStatistics => ({
  days,
  logins: values,
  requests: values.map((v) => v * 10),
  errors: values.map((v) => (v ? 1 : 0)),
  processesStarted: values,
  processesFinished: values.map(() => 0),
});

let todo: TodoTask[] = [];
let mine: ProcessInstancePageItem[] = [];
let stats: HomeStatistics = week([0, 0, 0, 0, 0, 0, 0]);

const stub = stubPageTest((call) => {
  const pageNo = Number(call.query.get('pageNo') ?? 1);
  const pageSize = Number(call.query.get('pageSize') ?? 10);
  const page = <T,>(rows: T[]) =>
    ok({ list: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: rows.length });
  if (call.path.endsWith('/bpm/task/todo-page')) return page(todo);
  if (call.path.endsWith('/bpm/process-instance/my-page')) return page(mine);
  if (call.path.endsWith('/system/home/statistics')) return ok(stats);
  return ok(null);
});

const menu = (partial: Partial<MenuNode> & Pick<MenuNode, 'id' | 'name' | 'path'>): MenuNode => ({
  parentId: 0,
  component: null,
  componentName: null,
  icon: '',
  visible: true,
  keepAlive: true,
  alwaysShow: true,
  ...partial,
});
const BPM_MENUS: MenuNode[] = [
  menu({
    id: 1185,
    name: '工作流程',
    path: '/bpm',
    children: [
      menu({
        id: 1200,
        name: '任务管理',
        path: 'task',
        children: [
          menu({ id: 1201, name: '我的流程', path: 'my', component: 'bpm/processInstance/index' }),
          menu({ id: 1207, name: '待办任务', path: 'todo', component: 'bpm/task/todo/index' }),
        ],
      }),
    ],
  }),
];

const ALL = ['bpm:task:query', 'bpm:process-instance:query', 'infra:api-access-log:query'];
const setup = (permissions: string[]) => {
  const view = renderPage(<HomePage />, { permissions, path: '/index' });
  useSessionStore.setState({ menus: BPM_MENUS });
  return view;
};
const figure = (label: string) => screen.getByLabelText(label);
const card = (className: string) => document.querySelector<HTMLElement>(`.${className}`)!;

describe('home page', () => {
  it('shows the work waiting, the five oldest to-dos first, and the week in charts', async () => {
    todo = tasks(7);
    mine = [running];
    stats = week([1, 0, 2, 0, 3, 0, 4]);
    useUnreadStore.getState().setCount(3);
    setup(ALL);

    await waitFor(() => expect(figure('待办任务')).toHaveTextContent('7'));
    expect(figure('进行中的流程')).toHaveTextContent('1');
    expect(figure('未读消息')).toHaveTextContent('3');
    expect(figure('待办任务').closest('a')).toHaveAttribute('href', '/bpm/task/todo');
    expect(figure('进行中的流程').closest('a')).toHaveAttribute('href', '/bpm/task/my');

    const todoLinks = within(card('home-todo')).getAllByRole('link', { name: /请假/ });
    expect(todoLinks.map((a) => a.textContent)).toEqual([
      '请假1：审批1',
      '请假2：审批2',
      '请假3：审批3',
      '请假4：审批4',
      '请假5：审批5',
    ]);
    expect(todoLinks[0]).toHaveAttribute('href', '/bpm/process-instance/detail?id=p1');

    const processes = card('home-processes');
    expect(within(processes).getByRole('link', { name: '出差申请' })).toHaveAttribute(
      'href',
      '/bpm/process-instance/detail?id=mine-1',
    );
    expect(within(processes).getByText(/待 经理审批/)).toBeInTheDocument();

    expect(await screen.findByRole('img', { name: '登录：登录次数 10' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '接口请求：请求 100，错误 4' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '流程：发起 10，结束 0' })).toBeInTheDocument();
    expect(stub.callsTo('/system/home/statistics')).toHaveLength(1);
  });

  it('says when there is nothing to do, and draws no empty chart', async () => {
    todo = [];
    mine = [];
    stats = week([0, 0, 0, 0, 0, 0, 0]);
    useUnreadStore.getState().setCount(0);
    setup(ALL);

    expect(await screen.findByText('暂无待办任务')).toBeInTheDocument();
    expect(await screen.findByText('暂无进行中的流程')).toBeInTheDocument();
    expect(figure('待办任务')).toHaveTextContent('0');
    expect(await screen.findAllByText('近 7 天没有记录')).toHaveLength(3);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows neither charts nor lists the user may not read', async () => {
    todo = tasks(2);
    setup(['bpm:task:query']);

    expect(await screen.findByRole('link', { name: '请假2：审批2' })).toBeInTheDocument();
    expect(screen.queryByText('近 7 天')).not.toBeInTheDocument();
    expect(screen.queryByText('我的流程')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('进行中的流程')).not.toBeInTheDocument();
    expect(stub.callsTo('/system/home/statistics')).toHaveLength(0);
    expect(stub.callsTo('/bpm/process-instance/my-page')).toHaveLength(0);
  });

  it('greets the user and lists roles, sign-in time and the top-level menus as quick links', () => {
    useSessionStore.getState().setSession(PERMISSION_INFO);
    setLoginTime(new Date(2026, 0, 5, 9, 30, 0).getTime());
    renderPage(<HomePage />, { path: '/index' });

    expect(screen.getByRole('heading', { name: '上午好，芋道源码！' })).toBeInTheDocument();
    expect(screen.getByText('super_admin')).toBeInTheDocument();
    expect(screen.getByText('2026-01-05 09:30:00')).toBeInTheDocument();
    expect(screen.getByText('全部权限')).toBeInTheDocument();

    const quick = screen.getByText('快捷入口').closest('.ant-card') as HTMLElement;
    const links = within(quick).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/system/user', '/infra/config', '/board']);
    expect(within(quick).getByText('系统管理')).toBeInTheDocument();
    expect(within(quick).getByText('4 个功能页面')).toBeInTheDocument();
  });

  it('picks the greeting by hour', () => {
    expect(greetingFor(5)).toBe('凌晨好');
    expect(greetingFor(8)).toBe('早上好');
    expect(greetingFor(10)).toBe('上午好');
    expect(greetingFor(13)).toBe('中午好');
    expect(greetingFor(15)).toBe('下午好');
    expect(greetingFor(20)).toBe('晚上好');
  });
});
