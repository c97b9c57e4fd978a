import { UserGroupPage } from '../../../group/user-group-page';

/** Menu component `bpm/group/index`. */
export default UserGroupPage;
