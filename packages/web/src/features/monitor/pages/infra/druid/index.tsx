export { DruidPage as default } from '../../../druid-page';
