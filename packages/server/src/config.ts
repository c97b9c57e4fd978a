import { resolve } from 'node:path';

export interface Config {
  host: string;
  port: number;
  /** Where the embedded SQLite file lives when no DATABASE_URL is given. */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Path prefix the web app and the API are served under, always starting and ending with '/'. */
  basePath: string;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /** The built web app; served when the folder exists. */
  webDist: string | undefined;
  logLevel: string;
  /** Sign-in needs a solved block-puzzle captcha (CAPTCHA_ENABLED=false turns it off). */
  captchaEnabled: boolean;
  /** The largest file `POST /infra/file/upload` takes (FILE_MAX_BYTES, default 100 MB). */
  fileMaxBytes: number;
  /** Every /admin-api request goes to the API access log (API_ACCESS_LOG=false turns it off, e.g. to bench). */
  apiAccessLog: boolean;
  /**
   * Hosts a merchant notify URL may name even though they are loopback, private or link-local
   * addresses (PAY_NOTIFY_ALLOWED_HOSTS, comma-separated; none by default).
   */
  payNotifyAllowedHosts: string[];
  /**
   * The origin payment providers reach this server at, e.g. https://admin.example.com
   * (PAY_NOTIFY_BASE_URL, without the base path); unset, the origin the cashier's request came to.
   */
  payNotifyBaseUrl: string | undefined;
  /**
   * The Kuaidi100-style real-time tracking query behind 物流轨迹 (EXPRESS_TRACK_KD100_URL, _CUSTOMER and
   * _KEY, all three or none); unset, the tracks are the shipping events this server recorded.
   */
  expressTrackKd100: ExpressTrackKd100Config | undefined;
}

export interface ExpressTrackKd100Config {
  /** The query's address, e.g. https://poll.kuaidi100.com/poll/query.do. */
  url: string;
  customer: string;
  key: string;
}

const intFrom = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} 必须是正整数，当前为 "${value}"`);
  return n;
};

export const normalizeBasePath = (raw: string | undefined): string => {
  const trimmed = (raw ?? '/').trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
};

const expressTrackKd100From = (env: NodeJS.ProcessEnv): ExpressTrackKd100Config | undefined => {
  const url = env.EXPRESS_TRACK_KD100_URL?.trim() ?? '';
  const customer = env.EXPRESS_TRACK_KD100_CUSTOMER?.trim() ?? '';
  const key = env.EXPRESS_TRACK_KD100_KEY?.trim() ?? '';
  if (!url && !customer && !key) return undefined;
  // Half a configuration would fail every query at run time; refuse it at start instead.
  if (!url || !customer || !key)
    throw new Error(
      'EXPRESS_TRACK_KD100_URL、EXPRESS_TRACK_KD100_CUSTOMER、EXPRESS_TRACK_KD100_KEY 须同时设置',
    );
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new Error(`EXPRESS_TRACK_KD100_URL 不是 http(s) 地址，当前为 "${url}"`);
  return { url, customer, key };
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => ({
  host: env.HOST || '127.0.0.1',
  port: intFrom(env.PORT, 48080, 'PORT'),
  dataDir: resolve(env.DATA_DIR || 'data'),
  databaseUrl: env.DATABASE_URL || undefined,
  redisUrl: env.REDIS_URL || undefined,
  basePath: normalizeBasePath(env.BASE_PATH),
  accessTokenSeconds: intFrom(env.ACCESS_TOKEN_SECONDS, 30 * 60, 'ACCESS_TOKEN_SECONDS'),
  refreshTokenSeconds: intFrom(env.REFRESH_TOKEN_SECONDS, 12 * 60 * 60, 'REFRESH_TOKEN_SECONDS'),
  webDist:
    env.WEB_DIST === ''
      ? undefined
      : resolve(env.WEB_DIST || new URL('../../web/dist', import.meta.url).pathname),
  logLevel: env.LOG_LEVEL || 'info',
  captchaEnabled: env.CAPTCHA_ENABLED !== 'false',
  fileMaxBytes: intFrom(env.FILE_MAX_BYTES, 100 * 1024 * 1024, 'FILE_MAX_BYTES'),
  apiAccessLog: env.API_ACCESS_LOG !== 'false',
  payNotifyAllowedHosts: (env.PAY_NOTIFY_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean),
  payNotifyBaseUrl: env.PAY_NOTIFY_BASE_URL?.replace(/\/+$/, '') || undefined,
  expressTrackKd100: expressTrackKd100From(env),
});
