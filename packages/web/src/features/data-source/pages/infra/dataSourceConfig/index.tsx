export { DataSourcePage as default } from '../../../data-source-page';
