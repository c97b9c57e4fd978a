import { DeptPage } from '../../../dept-page';

/** Menu component `system/dept/index`. */
export default DeptPage;
