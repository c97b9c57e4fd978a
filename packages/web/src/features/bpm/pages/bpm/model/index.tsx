import { ModelPage } from '../../../model/model-page';

/** Menu component `bpm/model/index`. */
export default ModelPage;
