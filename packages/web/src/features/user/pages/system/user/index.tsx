export { UserPage as default } from '../../../user-page';
