export { ProductCategoryPage as default } from '../../../../category-page';
