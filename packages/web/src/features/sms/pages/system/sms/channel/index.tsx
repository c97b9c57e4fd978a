export { SmsChannelPage as default } from '../../../../sms-channel-page';
