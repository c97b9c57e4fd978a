export { CodegenPage as default } from '../../../codegen-page';
