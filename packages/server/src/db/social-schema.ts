import type { Generated } from 'kysely';
import type { Audit } from '../lib/crud/audit.js';

/* Tables of social sign-in (migration 018); see schema.ts for the conventions. */

/** A tenant's client of a social platform; one per (user type, platform). */
export interface SocialClientTable extends Audit {
  id: Generated<number>;
  tenantId: number;
  name: string;
  socialType: number;
  userType: number;
  clientId: string;
  /** AES-256-GCM sealed (lib/secret-box), never the secret itself. */
  clientSecret: string;
  agentId: string | null;
  status: number;
  /** Ours, generic OAuth 2.0 only: the provider's endpoints and scope. */
  authorizeUrl: string | null;
  tokenUrl: string | null;
  userInfoUrl: string | null;
  scope: string | null;
}

/** An account of a social platform, as its last exchanged code showed it. */
export interface SocialUserTable extends Audit {
  id: Generated<number>;
  tenantId: number;
  type: number;
  openid: string;
  token: string | null;
  /** JSON, as the platform answered. */
  rawTokenInfo: string;
  nickname: string;
  avatar: string | null;
  rawUserInfo: string;
  /** The last code and state exchanged for this account: a second use finds it here instead of exchanging again. */
  code: string;
  state: string;
}

export interface SocialUserBindTable extends Audit {
  id: Generated<number>;
  tenantId: number;
  userId: number;
  userType: number;
  socialType: number;
  socialUserId: number;
}

/** Nonces of sign-in states already exchanged (single use), when Redis is not configured. */
export interface SocialStateTable {
  nonce: string;
  expireTime: number;
}
