export { Demo03StudentErpPage as default } from '../../../demo03-student-erp-page';
