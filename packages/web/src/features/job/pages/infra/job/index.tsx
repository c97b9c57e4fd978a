export { JobPage as default } from '../../../job-page';
