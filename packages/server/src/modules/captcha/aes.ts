import { createCipheriv, createDecipheriv } from 'node:crypto';

/** AES/ECB/PKCS5Padding with a 16-character key, base64 text: AJ-Captcha's AESUtil. */
export const aesEncrypt = (text: string, key: string): string => {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
};

/** Throws when the text was not encrypted with this key. */
export const aesDecrypt = (base64: string, key: string): string => {
  const decipher = createDecipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]).toString('utf8');
};
