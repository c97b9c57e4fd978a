import { DoneTaskPage } from '../../../../task/task-list-page';

/** Menu component `bpm/task/done/index`. */
export default DoneTaskPage;
