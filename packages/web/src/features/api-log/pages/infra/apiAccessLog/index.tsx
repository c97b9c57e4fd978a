export { ApiAccessLogPage as default } from '../../../api-access-log-page';
