export { ConfigPage as default } from '../../../config-page';
