export { DictTypePage as default } from '../../../dict-type-page';
