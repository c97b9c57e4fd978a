export { NoticePage as default, NoticePage } from '../../../notice-page';
