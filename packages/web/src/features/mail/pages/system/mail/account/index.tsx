import { MailAccountPage } from '../../../../mail-account-page';

/** Menu component `system/mail/account/index`. */
export default MailAccountPage;
