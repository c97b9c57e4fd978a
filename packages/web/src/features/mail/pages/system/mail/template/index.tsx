import { MailTemplatePage } from '../../../../mail-template-page';

/** Menu component `system/mail/template/index`. */
export default MailTemplatePage;
