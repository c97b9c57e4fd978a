import { describe, expect, it } from 'vitest';
import {
  getAccessToken,
  getRefreshToken,
  getRememberMe,
  getTenantId,
  getUsername,
  removeToken,
  setRememberMe,
  setTenantId,
  setTenantName,
  setToken,
  setUsername,
  STORAGE_KEYS,
} from './storage';

describe('auth storage', () => {
  it('uses the reference localStorage keys', () => {
    setToken({ accessToken: 'a', refreshToken: 'r' });
    setUsername('admin');
    setRememberMe(true);
    setTenantId(1);
    setTenantName('芋道源码');
    expect({ ...window.localStorage }).toEqual({
      ACCESS_TOKEN: 'a',
      REFRESH_TOKEN: 'r',
      USERNAME: 'admin',
      REMEMBER_ME: 'true',
      TENANT_ID: '1',
      TENANT_NAME: '芋道源码',
    });
    expect(Object.keys(STORAGE_KEYS)).not.toContain('PASSWORD');
  });

  it('reads back what it stored and forgets the tokens on removal', () => {
    setToken({ accessToken: 'a', refreshToken: 'r' });
    expect(getAccessToken()).toBe('a');
    expect(getRefreshToken()).toBe('r');
    removeToken();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(getUsername()).toBeNull();
    expect(getRememberMe()).toBe(false);
    expect(getTenantId()).toBeNull();
  });
});
