import { SmsTemplatePage } from '../../../../sms-template-page';

/** Menu component `system/sms/template/index`. */
export default SmsTemplatePage;
