export { PayNotifyPage as default } from '../../../notify-page';
