export { MailLogPage as default } from '../../../../mail-log-page';
