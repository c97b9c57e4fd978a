export { Demo02CategoryPage as default } from '../../../demo02-category-page';
