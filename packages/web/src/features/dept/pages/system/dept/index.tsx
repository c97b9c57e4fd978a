export { DeptPage as default } from '../../../dept-page';
