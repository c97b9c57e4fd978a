export { DeliveryExpressPage as default } from '../../../../../express-page';
