import type { Generated } from 'kysely';
import type { Audit } from '../lib/crud/audit.js';

/* Tables of the product catalogue (migration 035); see schema.ts for the conventions. All per tenant. */

interface TenantAudit extends Audit {
  id: Generated<number>;
  tenantId: number;
}

export interface ProductCategoryTable extends TenantAudit {
  /** 0 for a top-level category; the tree has two levels. */
  parentId: number;
  name: string;
  picUrl: string;
  sort: number;
  /** common_status. */
  status: number;
  description: string | null;
}

export interface ProductBrandTable extends TenantAudit {
  name: string;
  picUrl: string;
  sort: number;
  description: string | null;
  status: number;
}

export interface ProductPropertyTable extends TenantAudit {
  name: string;
  remark: string | null;
}

export interface ProductPropertyValueTable extends TenantAudit {
  propertyId: number;
  name: string;
  remark: string | null;
}

export interface ProductSpuTable extends TenantAudit {
  name: string;
  code: string | null;
  sellPoint: string | null;
  description: string;
  categoryId: number;
  brandId: number;
  /** trade_delivery_express_template (migration 041); null: shipped free. */
  deliveryTemplateId: number | null;
  /** JSON array of picture URLs. */
  picUrls: string;
  videoUrl: string | null;
  sort: number;
  /** product_spu_status: 1 销售中, 0 仓库中, -1 回收站. */
  status: number;
  /** 1 单规格, 2 多规格. */
  specType: number;
  showStock: number;
  /** Derived from the enabled SKUs on every save (fen). */
  marketPrice: number;
  minPrice: number;
  maxPrice: number;
  totalStock: number;
  /** 1 when an enabled SKU's stock is at or below its warning stock (the 预警中 tab). */
  alarmStock: number;
  virtualSalesCount: number;
  salesCount: Generated<number>;
  clickCount: Generated<number>;
}

export interface ProductSkuTable extends TenantAudit {
  spuId: number;
  name: string;
  /** JSON array of {propertyId, valueId}, in the SPU's property order. */
  properties: string;
  /** The sorted `propertyId:valueId` pairs: what identifies an SKU across edits. */
  propertyKey: string;
  picUrl: string;
  price: number;
  marketPrice: number;
  costPrice: number;
  barCode: string | null;
  stock: number;
  warnStock: number | null;
  volume: number | null;
  weight: number | null;
  /** 0 启用, 1 禁用. */
  status: number;
  salesCount: Generated<number>;
}
