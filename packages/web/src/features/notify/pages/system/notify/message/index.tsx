export { NotifyMessagePage as default } from '../../../../notify-message-page';
