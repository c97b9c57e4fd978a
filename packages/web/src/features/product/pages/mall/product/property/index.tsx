export { ProductPropertyPage as default } from '../../../../property-page';
