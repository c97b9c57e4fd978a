import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { InvalidationBus } from './lib/invalidation.js';

/** What every module's service and repository is built from. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Present when REDIS_URL is set: state several server instances must share lives there. */
  redis: Redis | null;
  now: () => number;
  /** Drops cached state here and, with Redis, in every other instance. */
  bus: InvalidationBus;
}

/** The signed-in caller, resolved from the bearer token. */
export interface LoginUser {
  id: number;
  /** 2 = admin user, 1 = member (the `/admin-api` and `/app-api` user types of the reference). */
  userType: number;
  tenantId: number;
  /** The OAuth2 client the token was issued to ('default': the console's own sign-in). */
  clientId?: string;
  /** The OAuth2 scopes granted with the token. */
  scopes?: readonly string[];
}

export const ADMIN_USER_TYPE = 2;
/** A member of the shop (member_user), signed in through the member API below /app-api. */
export const MEMBER_USER_TYPE = 1;
export const STATUS_ENABLED = 0;
export const STATUS_DISABLED = 1;
