export { ModelPage as default } from '../../../model/model-page';
