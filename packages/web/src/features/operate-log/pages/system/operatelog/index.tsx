import { OperateLogPage } from '../../../operate-log-page';

/** Menu component `system/operatelog/index`. */
export default OperateLogPage;
