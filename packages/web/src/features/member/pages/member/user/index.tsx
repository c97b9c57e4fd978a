export { MemberUserPage as default } from '../../../user-page';
