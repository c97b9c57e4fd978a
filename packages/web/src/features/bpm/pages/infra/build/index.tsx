export { FormBuilderPage as default } from '../../../form/form-builder-page';
