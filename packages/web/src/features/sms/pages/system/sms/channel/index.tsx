import { SmsChannelPage } from '../../../../sms-channel-page';

/** Menu component `system/sms/channel/index`. */
export default SmsChannelPage;
