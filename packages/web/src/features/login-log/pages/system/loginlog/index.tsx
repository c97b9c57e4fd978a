import { LoginLogPage } from '../../../login-log-page';

/** Menu component `system/loginlog/index`. */
export default LoginLogPage;
