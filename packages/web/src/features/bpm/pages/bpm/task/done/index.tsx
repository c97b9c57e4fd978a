import { TaskListPage } from '../../../../task/task-list-page';

/** 已办任务 (menu component bpm/task/done/index). */
export default function DoneTaskPage() {
  return <TaskListPage kind="done" />;
}
