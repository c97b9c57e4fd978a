import { TodoTaskPage } from '../../../../task/task-list-page';

/** Menu component `bpm/task/todo/index`. */
export default TodoTaskPage;
