export { TradeOrderPage as default } from '../../../../order-page';
