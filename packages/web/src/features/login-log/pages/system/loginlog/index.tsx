export { LoginLogPage as default } from '../../../login-log-page';
