export { Demo03StudentInnerPage as default } from '../../../student-inner-page';
