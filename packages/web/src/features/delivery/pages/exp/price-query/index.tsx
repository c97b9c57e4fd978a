export { PriceQueryPage as default } from '../../../price-query-page';
