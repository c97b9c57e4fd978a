export { ApiErrorLogPage as default } from '../../../api-error-log-page';
