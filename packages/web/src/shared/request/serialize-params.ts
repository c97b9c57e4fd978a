const pad = (n: number): string => String(n).padStart(2, '0');

/** Dates travel as 'YYYY-MM-DD HH:mm:ss' in local time, the console's default date format. */
const formatDate = (d: Date): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * Flattens query parameters the way the admin API expects them:
 * nested objects become `key[sub]=value`, arrays repeat the key (`ids=1&ids=2`),
 * `null` / `undefined` are dropped, and keys and values are URI-encoded.
 */
export function serializeParams(params: unknown): string {
  const parts: string[] = [];

  const add = (key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item) => add(key, item));
      return;
    }
    if (isPlainObject(value)) {
      Object.entries(value).forEach(([sub, subValue]) => add(`${key}[${sub}]`, subValue));
      return;
    }
    const text = value instanceof Date ? formatDate(value) : String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  };

  if (isPlainObject(params)) Object.entries(params).forEach(([key, value]) => add(key, value));
  return parts.join('&');
}
