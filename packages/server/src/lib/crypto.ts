import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';

/** Work factor for new password hashes (yudao's `$2a$` hashes of any cost still verify). */
export const BCRYPT_COST = 10;

/**
 * Native bcrypt (prebuilt in the package): it hashes on libuv's thread pool, about twice as fast as
 * bcryptjs and without holding the event loop. New hashes keep yudao's `$2a$` prefix.
 */
export const hashPassword = async (plain: string): Promise<string> =>
  bcrypt.hash(plain, await bcrypt.genSalt(BCRYPT_COST, 'a'));

export const verifyPassword = (plain: string, hash: string): Promise<boolean> =>
  hash ? bcrypt.compare(plain, hash) : Promise.resolve(false);

/**
 * A bcrypt hash of a random string nobody knows, compared against when the account is unknown (or
 * has no password), so that timing does not reveal which accounts exist.
 */
export const UNKNOWN_USER_HASH = '$2b$10$yObx5BLl5T0pKUJ4ae/BzOEu.Sj0PWyaCpi0aUPfHLaiByXTU9oEK';

/** An opaque token: 32 hex characters from 128 random bits. */
export const newToken = (): string => randomBytes(16).toString('hex');

/** Tokens are stored only as SHA-256 digests, so a leaked table reveals no usable token. */
export const digestToken = (token: string): string => createHash('sha256').update(token).digest('hex');
