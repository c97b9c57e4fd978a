export { MailAccountPage as default } from '../../../../mail-account-page';
