import { AuditOutlined, EyeOutlined } from '@ant-design/icons';
import { DICT_TYPE, TASK_SUSPENSION_STATE, taskApprove, taskDonePage, taskTodoPage } from '@app/contract';
import type { DoneTask, TodoTask } from '@app/contract';
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { dateTimeColumn, dictColumn, textColumn, useCan, useCrudPage } from '../../../shared/crud';
import type { SearchField } from '../../../shared/crud';
import { formatDateTime } from '../../../shared/date/format';
import { processDetailPath, RUNTIME_STALE_TIME } from '../runtime-paths';
import { formatDuration } from './task-utils';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '任务名称' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const suspensionTag = (state: number) =>
  state === TASK_SUSPENSION_STATE.SUSPENDED ? (
    <Tag color="warning">挂起</Tag>
  ) : (
    <Tag color="success">激活</Tag>
  );

/** 截止时间 of a to-do task, marked 已超时 once it has passed. */
const dueColumn = {
  title: '截止时间',
  dataIndex: 'dueTime',
  width: 180,
  align: 'center',
  render: (value: number | null) =>
    value === null ? (
      '-'
    ) : (
      <>
        {formatDateTime(value)}
        {value < Date.now() && (
          <Tag color="error" style={{ marginInlineStart: 8 }}>
            已超时
          </Tag>
        )}
      </>
    ),
} as const;

const DONE_COLUMNS: TableColumnsType<DoneTask> = [
  dateTimeColumn('审批时间', 'endTime'),
  {
    title: '耗时',
    dataIndex: 'durationInMillis',
    width: 150,
    align: 'center',
    render: (v: number) => formatDuration(v),
  },
  dictColumn('结果', 'result', DICT_TYPE.BPM_PROCESS_INSTANCE_RESULT, { width: 100 }),
  textColumn('审批意见', 'reason'),
];

export interface TaskListPageProps {
  /** 待办 (my open tasks, action 审批) or 已办 (tasks I finished, action 详情). */
  kind: 'todo' | 'done';
}

/** 待办任务 / 已办任务: my tasks, each opening the process-instance detail page. */
export function TaskListPage({ kind }: TaskListPageProps) {
  const navigate = useNavigate();
  const todo = kind === 'todo';
  // 审批 acts on the task; 详情 only reads it.
  const canAct = useCan(todo ? taskApprove : taskDonePage);

  const columns = [
    textColumn('任务编号', 'id', { width: 150 }),
    textColumn('任务名称', 'name'),
    { title: '所属流程', dataIndex: ['processInstance', 'name'], ellipsis: true, align: 'center' },
    { title: '流程发起人', dataIndex: ['processInstance', 'startUserNickname'], width: 120, align: 'center' },
    dateTimeColumn(),
    ...(todo ? [dueColumn] : DONE_COLUMNS),
    { title: '状态', dataIndex: 'suspensionState', width: 90, align: 'center', render: suspensionTag },
  ] as TableColumnsType<TodoTask>;

  return useCrudPage({
    endpoints: { page: todo ? taskTodoPage : taskDonePage },
    entity: '任务',
    search: SEARCH,
    listOptions: { staleTime: RUNTIME_STALE_TIME },
    columns,
    rowActions: {
      more: (row) => [
        {
          key: 'open',
          label: todo ? '审批' : '详情',
          icon: todo ? <AuditOutlined /> : <EyeOutlined />,
          onClick: () => void navigate(processDetailPath(row.processInstance.id)),
          visible: canAct,
        },
      ],
      moreVisible: canAct,
      width: 100,
    },
    emptyText: todo ? '暂无待办任务' : '暂无已办任务',
    scrollX: todo ? 1160 : 1400,
  });
}

/** 待办任务 (menu component bpm/task/todo/index). */
export const TodoTaskPage = () => <TaskListPage kind="todo" />;

/** 已办任务 (menu component bpm/task/done/index). */
export const DoneTaskPage = () => <TaskListPage kind="done" />;
