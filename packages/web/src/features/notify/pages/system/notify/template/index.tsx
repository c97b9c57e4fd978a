import { NotifyTemplatePage } from '../../../../notify-template-page';

/** Menu component `system/notify/template/index`. */
export default NotifyTemplatePage;
