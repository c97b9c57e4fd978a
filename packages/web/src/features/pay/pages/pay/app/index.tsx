export { PayAppPage as default } from '../../../app-page';
