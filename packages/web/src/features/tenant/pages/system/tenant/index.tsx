export { TenantPage as default } from '../../../tenant-page';
