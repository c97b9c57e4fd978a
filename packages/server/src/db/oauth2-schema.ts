import type { Generated } from 'kysely';
import type { Audit } from '../lib/crud/audit.js';

/* Tables of the OAuth2 authorization server (migration 017); see schema.ts for the conventions. */

/** An authorization code: single use, five minutes, kept only as its SHA-256 digest. */
export interface OAuth2CodeTable extends Audit {
  id: Generated<number>;
  tenantId: number;
  userId: number;
  userType: number;
  code: string;
  clientId: string;
  /** JSON array of the approved scopes. */
  scopes: string;
  expiresTime: number;
  redirectUri: string;
  state: string;
  /** PKCE: the S256 challenge the token request's code_verifier must hash to, or null. */
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
}

/** A user's answer for one scope of one client, remembered until it expires (30 days). */
export interface OAuth2ApproveTable extends Audit {
  id: Generated<number>;
  tenantId: number;
  userId: number;
  userType: number;
  clientId: string;
  scope: string;
  /** 0/1. */
  approved: number;
  expiresTime: number;
}
