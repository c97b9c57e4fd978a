export { FileConfigPage as default } from '../../../file-config-page';
