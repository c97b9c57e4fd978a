export { DoneTaskPage as default } from '../../../../task/task-list-page';
