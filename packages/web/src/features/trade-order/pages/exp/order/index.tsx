export { ExpressOrderPage as default } from '../../../express-order-page';
