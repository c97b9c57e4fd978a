import { TenantPackagePage } from '../../../tenant-package-page';

/** Menu component `system/tenantPackage/index`. */
export default TenantPackagePage;
