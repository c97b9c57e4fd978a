import type { Generated } from 'kysely';
import type { Audit } from '../lib/crud/audit.js';

/* Tables of 会员中心 (migration 040); see schema.ts for the conventions. All per tenant. */

interface TenantAudit extends Audit {
  id: Generated<number>;
  tenantId: number;
}

export interface MemberUserTable extends TenantAudit {
  /** Unique among the tenant's members. */
  mobile: string;
  /** bcrypt, as system users'; null for a member who signed up by SMS and never set one. */
  password: string | null;
  nickname: string;
  avatar: string | null;
  name: string | null;
  /** system_user_sex: 1 男, 2 女; null 未知. */
  sex: number | null;
  birthday: number | null;
  areaId: number | null;
  mark: string | null;
  /** mbr_user_level: 1 普通会员, 2 白银会员, 3 黄金会员. */
  levelId: Generated<number>;
  /** common_status: 0 enabled, 1 disabled. */
  status: number;
  registerIp: string | null;
  /** terminal: 10, 11, 20, 31, 32. */
  registerTerminal: number | null;
  loginIp: string | null;
  loginDate: number | null;
}

export interface MemberAddressTable extends TenantAudit {
  userId: number;
  name: string;
  mobile: string;
  areaId: number;
  detailAddress: string;
  /** 1: the member's default address (at most one per member), 0: not. */
  defaultStatus: number;
}
