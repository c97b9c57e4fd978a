import { ProcessInstancePage } from '../../../process-instance/process-instance-page';

/** Menu component `bpm/processInstance/index`. */
export default ProcessInstancePage;
