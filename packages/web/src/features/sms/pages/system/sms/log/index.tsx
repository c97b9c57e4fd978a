export { SmsLogPage as default } from '../../../../sms-log-page';
