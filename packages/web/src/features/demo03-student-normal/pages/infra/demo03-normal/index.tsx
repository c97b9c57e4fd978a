export { Demo03StudentNormalPage as default } from '../../../demo03-student-normal-page';
