export { TodoTaskPage as default } from '../../../../task/task-list-page';
