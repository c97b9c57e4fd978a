import { SmsLogPage } from '../../../../sms-log-page';

/** Menu component `system/sms/log/index`. */
export default SmsLogPage;
