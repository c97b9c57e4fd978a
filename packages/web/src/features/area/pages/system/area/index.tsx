export { AreaPage as default } from '../../../area-page';
