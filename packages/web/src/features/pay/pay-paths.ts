/* Addresses of the cashier and of the page that sends payers to it (routes in app/router/routes.tsx). */

export const DEMO_ORDER_PATH = '/pay/demo-order';
export const CASHIER_PATH = '/pay/cashier';

/** How a payer comes back from the cashier, as the `payResult` of the return address. */
export type PayResult = 'success' | 'cancel' | 'close';
export const PAY_RESULTS: readonly PayResult[] = ['success', 'cancel', 'close'];

/** The cashier of a pay order, which comes back to `returnUrl` with the result. */
export const cashierPath = (payOrderId: number, returnUrl: string): string =>
  `${CASHIER_PATH}?id=${payOrderId}&returnUrl=${encodeURIComponent(returnUrl)}`;

/** 接入示例 showing one demo order (the cashier's return address). */
export const demoOrderPath = (id: number): string => `${DEMO_ORDER_PATH}?id=${id}`;

/** `url` with `payResult=<result>` added to its query (before any hash). */
export function withPayResult(url: string, result: PayResult): string {
  const hashAt = url.indexOf('#');
  const [base, hash] = hashAt < 0 ? [url, ''] : [url.slice(0, hashAt), url.slice(hashAt)];
  return `${base}${base.includes('?') ? '&' : '?'}payResult=${result}${hash}`;
}

/**
 * Where the cashier goes back to: another site (`http(s)://…`, as a page load), a page of this console
 * (`/…`, in the router) or nowhere (the cashier's tab just closes). Anything else, such as a
 * `javascript:` address or a protocol-relative `//host`, counts as nowhere.
 */
export function returnTarget(
  returnUrl: string | null,
  result: PayResult,
): { kind: 'site' | 'page'; url: string } | { kind: 'none' } {
  const url = returnUrl?.trim() ?? '';
  if (/^https?:\/\//i.test(url)) return { kind: 'site', url: withPayResult(url, result) };
  if (url.startsWith('/') && !url.startsWith('//')) return { kind: 'page', url: withPayResult(url, result) };
  return { kind: 'none' };
}
