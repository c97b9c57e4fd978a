import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts secrets the server must read back later (unlike login passwords, which are hashed): mail
 * account passwords. AES-256-GCM with a key derived from `keyMaterial`; a sealed value reads
 * `v1:<iv>.<tag>.<ciphertext>` in base64url, and opening one sealed under another key, or altered,
 * throws.
 */
export const secretBox = (keyMaterial: string) => {
  const key = createHash('sha256').update(keyMaterial, 'utf8').digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
      return `${VERSION}:${parts.join('.')}`;
    },
    open(sealed: string): string {
      const [version, body = ''] = sealed.split(':', 2);
      const [iv, tag, data] = body.split('.').map((p) => Buffer.from(p, 'base64url'));
      if (version !== VERSION || !iv || !tag || !data) throw new Error('密文格式不正确');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
};

export type SecretBox = ReturnType<typeof secretBox>;

/** 256 random bits as base64url: key material for `secretBox` when none is configured. */
export const newSecretKey = (): string => randomBytes(32).toString('base64url');
