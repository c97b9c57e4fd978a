import type { Generated } from 'kysely';
import type { Audit } from '../lib/crud/audit.js';

/* Tables of 配送管理 (migration 039); see schema.ts for the conventions. All per tenant. */

interface TenantAudit extends Audit {
  id: Generated<number>;
  tenantId: number;
}

export interface TradeDeliveryExpressTable extends TenantAudit {
  code: string;
  name: string;
  logo: string | null;
  sort: number;
  /** common_status. */
  status: number;
}

export interface TradeDeliveryExpressTemplateTable extends TenantAudit {
  name: string;
  /** trade_delivery_express_charge_mode: 1 按件, 2 按重量, 3 按体积. */
  chargeMode: number;
  sort: number;
}

export interface TradeDeliveryExpressTemplateChargeTable extends TenantAudit {
  templateId: number;
  /** JSON list of area ids; 1 stands for all of China. */
  areaIds: string;
  /** Pieces, kilograms or cubic metres by the template's charge mode. */
  startCount: number;
  /** Fen. */
  startPrice: number;
  extraCount: number;
  /** Fen. */
  extraPrice: number;
}

export interface TradeDeliveryExpressTemplateFreeTable extends TenantAudit {
  templateId: number;
  /** JSON list of area ids; 1 stands for all of China. */
  areaIds: string;
  /** Fen; 0: any amount. */
  freePrice: number;
  /** Pieces; 0: any count. */
  freeCount: number;
}
