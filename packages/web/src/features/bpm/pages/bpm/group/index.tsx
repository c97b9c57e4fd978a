export { UserGroupPage as default } from '../../../user-group/user-group-page';
