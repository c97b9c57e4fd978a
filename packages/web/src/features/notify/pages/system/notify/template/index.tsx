export { NotifyTemplatePage as default } from '../../../../notify-template-page';
