import { OaLeavePage } from '../../../../oa-leave/oa-leave-page';

/** Menu component `bpm/oa/leave/index`. */
export default OaLeavePage;
