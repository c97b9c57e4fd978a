/**
 * Pure logic of the process viewer: which marker class each element gets from the instance's
 * history, and the (escaped) HTML of the hover overlays. The component only applies the results.
 */

/** A user as the process-instance APIs return it. */
export interface ViewerUser {
  nickname?: string | null;
  deptName?: string | null;
}

/** A time as the APIs send it: epoch milliseconds, epoch seconds (ten digits) or an ISO string. */
export type ViewerTime = number | string | null | undefined;

/** One visit of a flow node; `takenFlowIds` lists the sequence flows taken when it was left. */
export interface ViewerActivity {
  key: string;
  taskId?: string | null;
  startTime?: ViewerTime;
  endTime?: ViewerTime;
  takenFlowIds?: string[] | null;
}

export interface ViewerProcessInstance {
  result?: number | null;
  startUser?: ViewerUser | null;
  createTime?: ViewerTime;
  endTime?: ViewerTime;
}

export interface ViewerTask {
  id: string;
  result?: number | null;
  assigneeUser?: ViewerUser | null;
  /** The task's owner: the one who delegated it, or who waits with no assignee while 加签 users sign first. */
  ownerUser?: ViewerUser | null;
  createTime?: ViewerTime;
  endTime?: ViewerTime;
  reason?: string | null;
}

export interface ViewerInput {
  activities: readonly ViewerActivity[];
  processInstance?: ViewerProcessInstance | null;
  tasks: readonly ViewerTask[];
}

/** The diagram as far as highlighting needs it: element types by id and the sequence flows. */
export interface ViewerGraph {
  types: Readonly<Record<string, string>>;
  flows: readonly { id: string; sourceId: string; targetId: string }[];
}

/** Task results (dictionary bpm_process_instance_result); 7–9 are the 加签 states. */
export const TASK_RESULT = {
  inProgress: 1,
  approved: 2,
  rejected: 3,
  cancelled: 4,
  sentBack: 5,
  delegated: 6,
  signAfter: 7,
  signBefore: 8,
  waitBeforeTask: 9,
} as const;

export const TASK_RESULT_LABELS: Readonly<Record<number, string>> = {
  1: '处理中',
  2: '通过',
  3: '不通过',
  4: '已取消',
  5: '退回',
  6: '委派',
  7: '待后加签任务完成',
  8: '待前加签任务完成',
  9: '待前置任务完成',
};

export type MarkerClass =
  | 'highlight'
  | 'highlight-todo'
  | 'highlight-reject'
  | 'highlight-cancel'
  | 'highlight-back'
  | 'highlight-sign'
  | 'highlight-wait';

export const MARKER_CLASSES: readonly MarkerClass[] = [
  'highlight',
  'highlight-todo',
  'highlight-reject',
  'highlight-cancel',
  'highlight-back',
  'highlight-sign',
  'highlight-wait',
];

/**
 * The marker of a task result code, in the colour of its dictionary tag; undefined for unknown codes.
 * 加签: approved and waiting for the tasks added after it is approved (green); waiting for the tasks
 * added before it is orange, waiting for the task it was added after is grey, both dashed as pending.
 */
export const markerForResult = (result: number | null | undefined): MarkerClass | undefined => {
  switch (result) {
    case TASK_RESULT.inProgress:
    case TASK_RESULT.delegated:
      return 'highlight-todo';
    case TASK_RESULT.approved:
    case TASK_RESULT.signAfter:
      return 'highlight';
    case TASK_RESULT.rejected:
      return 'highlight-reject';
    case TASK_RESULT.cancelled:
      return 'highlight-cancel';
    case TASK_RESULT.sentBack:
      return 'highlight-back';
    case TASK_RESULT.signBefore:
      return 'highlight-sign';
    case TASK_RESULT.waitBeforeTask:
      return 'highlight-wait';
    default:
      return undefined;
  }
};

const OPEN_RESULTS: ReadonlySet<number> = new Set([
  TASK_RESULT.inProgress,
  TASK_RESULT.delegated,
  TASK_RESULT.signBefore,
  TASK_RESULT.waitBeforeTask,
]);

const isOpen = (result: number | null | undefined) =>
  result !== null && result !== undefined && OPEN_RESULTS.has(result);

/** Epoch milliseconds of a time, or undefined; ten-digit numbers are seconds. */
export const toMillis = (time: ViewerTime): number | undefined => {
  if (time === null || time === undefined || time === '') return undefined;
  if (typeof time === 'number') return Math.abs(time) < 1e11 ? time * 1000 : time;
  const parsed = Date.parse(time);
  return Number.isNaN(parsed) ? undefined : parsed;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in local time; empty for a missing or invalid time. */
export const formatTime = (time: ViewerTime): string => {
  const ms = toMillis(time);
  if (ms === undefined) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

const tasksOf = (visits: readonly ViewerActivity[], tasksById: ReadonlyMap<string, ViewerTask>) =>
  visits
    .map((visit) => (visit.taskId ? tasksById.get(visit.taskId) : undefined))
    .filter((task): task is ViewerTask => task !== undefined)
    .sort((a, b) => (toMillis(a.createTime) ?? 0) - (toMillis(b.createTime) ?? 0));

/**
 * The result that stands for several tasks of one node (multi-instance, or a node visited again
 * after a send-back): an open task wins, otherwise the most recently created task decides.
 */
export const aggregateResult = (tasks: readonly ViewerTask[]): number | undefined => {
  const open = tasks.find((task) => isOpen(task.result));
  if (open) return open.result ?? undefined;
  return tasks.at(-1)?.result ?? undefined;
};

const groupByKey = (activities: readonly ViewerActivity[]) => {
  const visits = new Map<string, ViewerActivity[]>();
  for (const activity of activities) {
    const list = visits.get(activity.key) ?? [];
    list.push(activity);
    visits.set(activity.key, list);
  }
  return visits;
};

/** Whether a flow belongs to the path the instance really took. */
const isTaken = (
  flow: ViewerGraph['flows'][number],
  visits: ReadonlyMap<string, ViewerActivity[]>,
): boolean => {
  const sources = visits.get(flow.sourceId);
  if (!sources) return false;
  // The history names the flows taken: trust it.
  if (sources.some((visit) => visit.takenFlowIds))
    return sources.some((visit) => visit.takenFlowIds?.includes(flow.id));
  // Otherwise a flow is taken when its source was left and its target entered afterwards.
  const leftAt = sources
    .map((visit) => toMillis(visit.endTime))
    .filter((ms): ms is number => ms !== undefined);
  if (!leftAt.length) return false;
  const firstLeft = Math.min(...leftAt);
  return (visits.get(flow.targetId) ?? []).some((visit) => {
    const start = toMillis(visit.startTime);
    return start === undefined || start >= firstLeft;
  });
};

/** Marker class per element id (nodes by result or progress, flows on the taken path). */
export const computeMarkers = (graph: ViewerGraph, input: ViewerInput): Map<string, MarkerClass> => {
  const markers = new Map<string, MarkerClass>();
  const visits = groupByKey(input.activities);
  const tasksById = new Map(input.tasks.map((task) => [task.id, task]));

  for (const [key, nodeVisits] of visits) {
    const type = graph.types[key];
    if (!type) continue;
    const tasks = tasksOf(nodeVisits, tasksById);
    let marker: MarkerClass | undefined;
    if (tasks.length) marker = markerForResult(aggregateResult(tasks));
    else if (type === 'bpmn:EndEvent') {
      // A reached end event shows how the instance ended.
      const outcome = markerForResult(input.processInstance?.result);
      marker = outcome === 'highlight-todo' ? 'highlight' : outcome;
    }
    if (!marker)
      marker = nodeVisits.every((visit) => toMillis(visit.endTime) !== undefined)
        ? 'highlight'
        : 'highlight-todo';
    markers.set(key, marker);
  }
  for (const flow of graph.flows) if (isTaken(flow, visits)) markers.set(flow.id, 'highlight');
  return markers;
};

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for use in HTML content and attribute values. */
export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

type Line = readonly [label: string, value: string | undefined | null];

const renderLines = (lines: readonly Line[]): string =>
  `<ul class="bpm-viewer__info-block">${lines
    .filter(([, value]) => value)
    .map(([label, value]) => `<li>${escapeHtml(label)}：${escapeHtml(value)}</li>`)
    .join('')}</ul>`;

/**
 * The hover overlay of an element: the starter on a start event, every task (assignee, department,
 * result, times, reason) on a user task, the outcome on an end event. Null when there is nothing
 * to show. Every value is escaped.
 */
export const overlayHtml = (elementId: string, type: string, input: ViewerInput): string | null => {
  const visits = input.activities.filter((activity) => activity.key === elementId);
  if (!visits.length) return null;
  const instance = input.processInstance;
  let blocks: string[] = [];
  if (type === 'bpmn:StartEvent' && instance) {
    blocks = [
      renderLines([
        ['发起人', instance.startUser?.nickname],
        ['部门', instance.startUser?.deptName],
        ['创建时间', formatTime(instance.createTime)],
      ]),
    ];
  } else if (type === 'bpmn:UserTask') {
    const tasksById = new Map(input.tasks.map((task) => [task.id, task]));
    blocks = tasksOf(visits, tasksById).map((task) => {
      const approver = task.assigneeUser ?? task.ownerUser;
      return renderLines([
        ['审批人', approver?.nickname],
        ['部门', approver?.deptName],
        ['结果', TASK_RESULT_LABELS[task.result ?? -1]],
        ['创建时间', formatTime(task.createTime)],
        ['结束时间', formatTime(task.endTime)],
        ['审批建议', task.reason],
      ]);
    });
  } else if (type === 'bpmn:EndEvent' && instance) {
    blocks = [
      renderLines([
        ['结果', TASK_RESULT_LABELS[instance.result ?? -1]],
        ['结束时间', formatTime(instance.endTime)],
      ]),
    ];
  }
  const filled = blocks.filter((block) => block.includes('<li>'));
  return filled.length ? `<div class="bpm-viewer__info">${filled.join('')}</div>` : null;
};
