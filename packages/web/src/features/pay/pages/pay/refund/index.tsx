export { PayRefundPage as default } from '../../../refund-page';
