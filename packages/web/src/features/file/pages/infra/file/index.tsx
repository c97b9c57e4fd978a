export { FilePage as default } from '../../../file-page';
