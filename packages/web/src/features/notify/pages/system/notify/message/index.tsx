import { NotifyMessagePage } from '../../../../notify-message-page';

/** Menu component `system/notify/message/index`. */
export default NotifyMessagePage;
