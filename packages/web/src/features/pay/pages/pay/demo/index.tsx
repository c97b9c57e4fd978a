export { PayDemoOrderPage as default } from '../../../demo-order-page';
