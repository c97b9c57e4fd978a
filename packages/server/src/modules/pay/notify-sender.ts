import { lookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import ipaddr from 'ipaddr.js';

/* POSTs a result to a merchant's notify URL, never to where the operator did not allow. */

const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 4096;

/** Thrown (and logged as the attempt's response) when a notify URL names a forbidden address. */
export class ForbiddenTarget extends Error {}

/** Public unicast addresses only: no loopback, private, link-local, unique-local, multicast or reserved. */
export const isPublicAddress = (address: string): boolean =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';

const forbidden = (host: string) =>
  new ForbiddenTarget(`回调地址 ${host} 指向本机或内网地址，未被允许（PAY_NOTIFY_ALLOWED_HOSTS）`);

/**
 * Resolves like dns.lookup but refuses any answer with a non-public address. Checked where the
 * socket connects, so a name that resolves differently on a second look cannot slip through.
 */
const guardedLookup: typeof lookup = ((
  hostname: string,
  options: { all?: boolean },
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address)))
      return callback(forbidden(hostname), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}) as typeof lookup;

export interface NotifyResponse {
  statusCode: number;
  body: string;
}

/** POSTs `payload` as JSON; answers the HTTP status and (the start of) the body. */
export const postNotify = (
  target: string,
  payload: unknown,
  allowedHosts: readonly string[],
): Promise<NotifyResponse> =>
  new Promise((resolve, reject) => {
    const url = new URL(target);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return reject(new ForbiddenTarget('回调地址必须是 http 或 https 地址'));
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const allowed = allowedHosts.includes(host);
    if (!allowed && ipaddr.isValid(host) && !isPublicAddress(host)) return reject(forbidden(host));
    const body = JSON.stringify(payload);
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: TIMEOUT_MS,
        ...(allowed ? {} : { lookup: guardedLookup }),
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_RESPONSE_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, MAX_RESPONSE_BYTES),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`请求超时（${TIMEOUT_MS / 1000} 秒）`)));
    request.on('error', reject);
    request.end(body);
  });
