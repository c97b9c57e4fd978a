import { FormPage } from '../../../form/form-page';

/** Menu component `bpm/form/index`. */
export default FormPage;
