import { DictTypePage } from '../../../dict-type-page';

/** Menu component `system/dict/index`. */
export default DictTypePage;
