/**
 * Everything the console keeps in localStorage, except the remembered password, which
 * `remembered-password.ts` keeps encrypted (key PASSWORD).
 */
export const STORAGE_KEYS = {
  ACCESS_TOKEN: 'ACCESS_TOKEN',
  REFRESH_TOKEN: 'REFRESH_TOKEN',
  USERNAME: 'USERNAME',
  REMEMBER_ME: 'REMEMBER_ME',
  TENANT_ID: 'TENANT_ID',
  TENANT_NAME: 'TENANT_NAME',
} as const;

/** Sign-in time of the current browser session (sessionStorage, not one of the stored keys above). */
const LOGIN_TIME_KEY = 'LOGIN_TIME';

const read = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string): void => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the session then simply does not persist.
  }
};

const remove = (key: string): void => {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See write().
  }
};

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export const getAccessToken = (): string | null => read(STORAGE_KEYS.ACCESS_TOKEN) || null;
export const getRefreshToken = (): string | null => read(STORAGE_KEYS.REFRESH_TOKEN) || null;

export const setToken = (token: TokenPair): void => {
  write(STORAGE_KEYS.ACCESS_TOKEN, token.accessToken);
  write(STORAGE_KEYS.REFRESH_TOKEN, token.refreshToken);
};

export const removeToken = (): void => {
  remove(STORAGE_KEYS.ACCESS_TOKEN);
  remove(STORAGE_KEYS.REFRESH_TOKEN);
};

export const getUsername = (): string | null => read(STORAGE_KEYS.USERNAME);
export const setUsername = (username: string): void => write(STORAGE_KEYS.USERNAME, username);
export const removeUsername = (): void => remove(STORAGE_KEYS.USERNAME);

export const getRememberMe = (): boolean => read(STORAGE_KEYS.REMEMBER_ME) === 'true';
export const setRememberMe = (rememberMe: boolean): void =>
  write(STORAGE_KEYS.REMEMBER_ME, String(rememberMe));
export const removeRememberMe = (): void => remove(STORAGE_KEYS.REMEMBER_ME);

export const getTenantId = (): string | null => read(STORAGE_KEYS.TENANT_ID) || null;
export const setTenantId = (tenantId: string | number): void =>
  write(STORAGE_KEYS.TENANT_ID, String(tenantId));
export const removeTenantId = (): void => remove(STORAGE_KEYS.TENANT_ID);

export const getTenantName = (): string | null => read(STORAGE_KEYS.TENANT_NAME) || null;
export const setTenantName = (name: string): void => write(STORAGE_KEYS.TENANT_NAME, name);
export const removeTenantName = (): void => remove(STORAGE_KEYS.TENANT_NAME);

/** Records the moment of a successful sign-in, shown on the home page. */
export const setLoginTime = (time: number = Date.now()): void => {
  try {
    window.sessionStorage.setItem(LOGIN_TIME_KEY, String(time));
  } catch {
    // Not important enough to surface.
  }
};

export const getLoginTime = (): number | null => {
  try {
    const value = Number(window.sessionStorage.getItem(LOGIN_TIME_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
};
