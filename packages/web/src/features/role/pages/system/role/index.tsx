import { RolePage } from '../../../role-page';

/** Menu component `system/role/index`. */
export default RolePage;
