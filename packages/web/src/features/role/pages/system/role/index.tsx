export { RolePage as default } from '../../../role-page';
