export { ExpressTemplatePage as default } from '../../../../../express-template-page';
