export { ModelDesignPage as default } from '../../../model/model-design-page';
