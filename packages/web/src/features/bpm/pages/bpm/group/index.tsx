import { UserGroupPage } from '../../../user-group/user-group-page';

/** Menu component `bpm/group/index`. */
export default UserGroupPage;
