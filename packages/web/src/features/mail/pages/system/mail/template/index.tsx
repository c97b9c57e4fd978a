export { MailTemplatePage as default } from '../../../../mail-template-page';
