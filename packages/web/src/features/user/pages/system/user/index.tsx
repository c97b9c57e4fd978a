import { UserPage } from '../../../user-page';

/** Menu component `system/user/index`. */
export default UserPage;
