export { ProcessInstancePage as default } from '../../../process-instance/process-instance-page';
