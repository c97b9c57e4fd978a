import { describe, expect, it } from 'vitest';
import { aesEcbEncrypt } from './aes-ecb';

describe('aesEcbEncrypt', () => {
  // Known answers from OpenSSL, e.g.
  // printf '{"x":123,"y":5}' | openssl enc -aes-128-ecb -K 30313233343536373839616263646566 | base64
  it('matches OpenSSL for a point shorter than a block', async () => {
    expect(await aesEcbEncrypt('{"x":123,"y":5}', '0123456789abcdef')).toBe(KNOWN_15_BYTES);
  });

  it('pads a full block with a whole block of padding', async () => {
    const sixteen = await aesEcbEncrypt('abcdefghijklmnop', '0123456789abcdef');
    expect(atob(sixteen)).toHaveLength(32);
    expect(sixteen).toBe(KNOWN_16_BYTES);
  });
});

const KNOWN_15_BYTES = 'v2YIRhhvn+W0p2mFHDrkNA==';
const KNOWN_16_BYTES = 'hWJ98EUed0DrJgsd8fT8ZDdyIuBhqSTFkc2cJ+oWPtQ=';
