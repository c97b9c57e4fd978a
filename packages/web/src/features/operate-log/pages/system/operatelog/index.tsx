export { OperateLogPage as default } from '../../../operate-log-page';
