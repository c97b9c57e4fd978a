export { Demo03StudentNormalPage as default } from '../../../student-normal-page';
