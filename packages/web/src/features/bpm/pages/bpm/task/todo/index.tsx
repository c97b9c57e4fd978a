import { TaskListPage } from '../../../../task/task-list-page';

/** 待办任务 (menu component bpm/task/todo/index). */
export default function TodoTaskPage() {
  return <TaskListPage kind="todo" />;
}
