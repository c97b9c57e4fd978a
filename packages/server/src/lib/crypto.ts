import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** Work factor for new password hashes (yudao's `$2a$` hashes of any cost still verify). */
export const BCRYPT_COST = 10;

export const hashPassword = (plain: string): Promise<string> => bcrypt.hash(plain, BCRYPT_COST);

export const verifyPassword = (plain: string, hash: string): Promise<boolean> =>
  hash ? bcrypt.compare(plain, hash) : Promise.resolve(false);

/** An opaque token: 32 hex characters from 128 random bits. */
export const newToken = (): string => randomBytes(16).toString('hex');

/** Tokens are stored only as SHA-256 digests, so a leaked table reveals no usable token. */
export const digestToken = (token: string): string => createHash('sha256').update(token).digest('hex');
