import { MailLogPage } from '../../../../mail-log-page';

/** Menu component `system/mail/log/index`. */
export default MailLogPage;
