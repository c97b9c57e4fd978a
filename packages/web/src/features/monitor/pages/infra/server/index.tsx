export { ServerPage as default } from '../../../server-page';
