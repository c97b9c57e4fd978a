export { TenantPackagePage as default } from '../../../tenant-package-page';
