import { TenantPage } from '../../../tenant-page';

/** Menu component `system/tenant/index`. */
export default TenantPage;
