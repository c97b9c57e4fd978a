export { PayOrderPage as default } from '../../../order-page';
