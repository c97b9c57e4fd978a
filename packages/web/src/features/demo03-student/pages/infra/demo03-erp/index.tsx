export { Demo03StudentErpPage as default } from '../../../student-erp-page';
