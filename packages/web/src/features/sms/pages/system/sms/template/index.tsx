export { SmsTemplatePage as default } from '../../../../sms-template-page';
