const BLOCK = 16;
const ZERO_IV = new Uint8Array(BLOCK);

const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/**
 * AES/ECB/PKCS7 of UTF-8 text with a 16-character key, base64: what AJ-Captcha's server decrypts.
 * WebCrypto has no ECB, but CBC with a zero IV over a single block is exactly ECB's block cipher:
 * each padded block is encrypted alone and the first 16 bytes of the result kept.
 */
export const aesEcbEncrypt = async (text: string, key: string): Promise<string> => {
  const cryptoKey = await crypto.subtle.importKey('raw', new TextEncoder().encode(key), 'AES-CBC', false, [
    'encrypt',
  ]);
  const plain = new TextEncoder().encode(text);
  const padding = BLOCK - (plain.length % BLOCK);
  const padded = new Uint8Array(plain.length + padding);
  padded.set(plain);
  padded.fill(padding, plain.length);
  const out = new Uint8Array(padded.length);
  for (let offset = 0; offset < padded.length; offset += BLOCK) {
    const block = await crypto.subtle.encrypt(
      { name: 'AES-CBC', iv: ZERO_IV },
      cryptoKey,
      padded.subarray(offset, offset + BLOCK),
    );
    out.set(new Uint8Array(block, 0, BLOCK), offset);
  }
  return toBase64(out);
};
