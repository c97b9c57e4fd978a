export { Demo03StudentInnerPage as default } from '../../../demo03-student-inner-page';
