export { ProductBrandPage as default } from '../../../../brand-page';
