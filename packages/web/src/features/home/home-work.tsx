import { processInstanceMyPage, taskTodoPage } from '@app/contract';
import type { ProcessInstancePageItem, TodoTask } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MY_NOTIFY_MESSAGE_PATH, useUnreadStore } from '../../layout/notify-bell';
import { queryKey } from '../../shared/crud/query-key';
import { useCan } from '../../shared/crud/use-can';
import { useSessionStore } from '../../shared/session';
import { LightCard } from '../../shared/ui/light-card';
import { SpinDots } from '../../shared/ui/spin-dots';
import { formatDateTime } from './home-format';
import { loadOldestTodos, loadRunningProcesses, menuPathOf, processDetailPath } from './home-data';

/** Where a figure leads: the user's own menu page, when the user has it. */
function FigureLink({ to, children }: { to: string | undefined; children: ReactNode }) {
  return to ? (
    <Link className="home-figure" to={to}>
      {children}
    </Link>
  ) : (
    <div className="home-figure">{children}</div>
  );
}

function Figure({ label, value, to }: { label: string; value: number | undefined; to: string | undefined }) {
  return (
    <FigureLink to={to}>
      <span className="home-figure-label">{label}</span>
      <span className="home-figure-value" aria-label={label}>
        {value === undefined ? <SpinDots /> : value}
      </span>
    </FigureLink>
  );
}

/** A list's loading, failed and empty states, or the list. */
function ListState<T>({
  query,
  empty,
  children,
}: {
  query: { data?: { list: T[] }; isError: boolean; refetch: () => unknown };
  empty: string;
  children: (list: T[]) => ReactNode;
}) {
  if (query.isError)
    return (
      <p className="home-list-note">
        加载失败，
        <button type="button" className="home-link-button" onClick={() => void query.refetch()}>
          重试
        </button>
      </p>
    );
  if (!query.data)
    return (
      <p className="home-list-note" aria-busy="true">
        <SpinDots /> 加载中…
      </p>
    );
  if (!query.data.list.length) return <p className="home-list-note">{empty}</p>;
  return <ul className="home-list">{children(query.data.list)}</ul>;
}

function TodoItem({ task }: { task: TodoTask }) {
  return (
    <li>
      <Link to={processDetailPath(task.processInstance.id)} className="home-list-title">
        {task.processInstance.name}：{task.name}
      </Link>
      <span className="home-list-meta">
        {task.processInstance.startUserNickname} 发起 · {formatDateTime(new Date(task.createTime))} 到达
      </span>
    </li>
  );
}

function ProcessItem({ instance }: { instance: ProcessInstancePageItem }) {
  const waiting = instance.tasks.map((task) => task.name).join('、');
  return (
    <li>
      <Link to={processDetailPath(instance.id)} className="home-list-title">
        {instance.name}
      </Link>
      <span className="home-list-meta">
        {formatDateTime(new Date(instance.createTime))} 发起{waiting ? ` · 待 ${waiting}` : ''}
      </span>
    </li>
  );
}

/** The operator's work: to-do tasks, running processes and unread messages, each the user may see. */
export function HomeWork() {
  const menus = useSessionStore((state) => state.menus);
  const unread = useUnreadStore((state) => state.count);
  const canTodo = useCan(taskTodoPage);
  const canProcesses = useCan(processInstanceMyPage);
  const todos = useQuery({
    queryKey: queryKey(taskTodoPage, { home: 'oldest' }),
    queryFn: loadOldestTodos,
    enabled: canTodo,
    staleTime: 0,
  });
  const processes = useQuery({
    queryKey: queryKey(processInstanceMyPage, { home: 'running' }),
    queryFn: loadRunningProcesses,
    enabled: canProcesses,
    staleTime: 0,
  });
  const todoPath = menuPathOf(menus, 'bpm/task/todo/index');
  const processPath = menuPathOf(menus, 'bpm/processInstance/index');

  return (
    <>
      <div className="home-figures">
        {canTodo && <Figure label="待办任务" value={todos.data?.total} to={todoPath} />}
        {canProcesses && <Figure label="进行中的流程" value={processes.data?.total} to={processPath} />}
        <Figure label="未读消息" value={unread} to={MY_NOTIFY_MESSAGE_PATH} />
      </div>
      {(canTodo || canProcesses) && (
        <div className="home-columns">
          {canTodo && (
            <LightCard
              className="home-todo"
              variant="borderless"
              title={
                <span className="home-card-title">
                  待办任务<small>最早的 5 条</small>
                  {todoPath && <Link to={todoPath}>全部</Link>}
                </span>
              }
            >
              <ListState query={todos} empty="暂无待办任务">
                {(list) => list.map((task) => <TodoItem key={task.id} task={task} />)}
              </ListState>
            </LightCard>
          )}
          {canProcesses && (
            <LightCard
              className="home-processes"
              variant="borderless"
              title={
                <span className="home-card-title">
                  我的流程<small>进行中</small>
                  {processPath && <Link to={processPath}>全部</Link>}
                </span>
              }
            >
              <ListState query={processes} empty="暂无进行中的流程">
                {(list) => list.map((instance) => <ProcessItem key={instance.id} instance={instance} />)}
              </ListState>
            </LightCard>
          )}
        </div>
      )}
    </>
  );
}
