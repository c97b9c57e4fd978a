import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Alibaba Cloud and Tencent Cloud SMS APIs on 127.0.0.1. It recomputes each
 * request's signature from the published algorithms (independently of the server's code) and
 * answers as the real services do: success, a signature error, or a per-number failure.
 */

/** A number both fake providers refuse, as they refuse an invalid one. */
export const REFUSED_MOBILE = '13900000000';

export interface PeerRequest {
  provider: 'aliyun' | 'tencent';
  signatureOk: boolean;
  /** Aliyun: the query parameters; Tencent: the JSON body. */
  params: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const equal = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Signature version 1.0 of the RPC API: HMAC-SHA1 over GET&%2F&encode(sorted canonical query). */
const verifyAliyun = (rawQuery: string, secrets: Record<string, string>) => {
  const pairs = rawQuery
    .split('&')
    .filter(Boolean)
    .map((p) => p.split('=').map((x) => decodeURIComponent(x)) as [string, string]);
  const params = Object.fromEntries(pairs);
  const { Signature: given = '', ...signed } = params;
  const canonical = Object.keys(signed)
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(signed[k]!)}`)
    .join('&');
  const secret = secrets[signed.AccessKeyId ?? ''];
  const expected =
    secret === undefined
      ? ''
      : createHmac('sha1', `${secret}&`)
          .update(`GET&${rfc3986('/')}&${rfc3986(canonical)}`)
          .digest('base64');
  const ok =
    secret !== undefined &&
    signed.SignatureMethod === 'HMAC-SHA1' &&
    signed.SignatureVersion === '1.0' &&
    Boolean(signed.SignatureNonce) &&
    equal(given, expected);
  return { ok, params };
};

/** TC3-HMAC-SHA256: rebuilds the canonical request from the headers the client says it signed. */
const verifyTencent = (req: IncomingMessage, body: string, secrets: Record<string, string>) => {
  const auth = req.headers.authorization ?? '';
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/(\w+)\/tc3_request, SignedHeaders=([\w;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return false;
  const [, secretId = '', date = '', service = '', signedHeaders = '', signature = ''] = m;
  const secretKey = secrets[secretId];
  const timestamp = String(req.headers['x-tc-timestamp'] ?? '');
  if (secretKey === undefined || service !== 'sms') return false;
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date) return false;
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('content-type')) return false;
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .toLowerCase()}\n`,
    )
    .join('');
  const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
  const url = new URL(req.url ?? '/', 'http://peer');
  const canonicalRequest = [
    'POST',
    url.pathname,
    url.search.slice(1),
    canonicalHeaders,
    signedHeaders,
    sha256(body),
  ].join('\n');
  const stringToSign = [
    'TC3-HMAC-SHA256',
    timestamp,
    `${date}/sms/tc3_request`,
    sha256(canonicalRequest),
  ].join('\n');
  const h = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();
  const key = h(h(h(`TC3${secretKey}`, date), 'sms'), 'tc3_request');
  return equal(signature, createHmac('sha256', key).update(stringToSign).digest('hex'));
};

export interface SmsPeer {
  /** Base URL of the Alibaba Cloud stand-in. */
  aliyunUrl: string;
  /** Base URL of the Tencent Cloud stand-in. */
  tencentUrl: string;
  requests: PeerRequest[];
  /** The next `n` requests get an HTTP 503 with a non-JSON body (an outage). */
  failNext(n: number): void;
  close(): Promise<void>;
}

/** Starts the stand-in; `secrets` maps AccessKey ids (Aliyun) and SecretIds (Tencent) to their secrets. */
export const startSmsPeer = async (secrets: Record<string, string>): Promise<SmsPeer> => {
  const requests: PeerRequest[] = [];
  let outages = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (outages > 0) {
        outages -= 1;
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html>Service Unavailable</html>');
        return;
      }
      const requestId = randomUUID().toUpperCase();
      if (req.url?.startsWith('/aliyun')) {
        const { ok, params } = verifyAliyun(new URL(req.url, 'http://peer').search.slice(1), secrets);
        requests.push({ provider: 'aliyun', signatureOk: ok, params, headers: req.headers });
        if (!ok)
          return json(res, 400, {
            RequestId: requestId,
            Code: 'SignatureDoesNotMatch',
            Message: 'Specified signature is not matched with our calculation.',
          });
        if (params.Action !== 'SendSms')
          return json(res, 400, { RequestId: requestId, Code: 'InvalidAction', Message: 'bad action' });
        if (params.PhoneNumbers === REFUSED_MOBILE)
          return json(res, 200, {
            RequestId: requestId,
            Code: 'isv.MOBILE_NUMBER_ILLEGAL',
            Message: '非法手机号',
          });
        return json(res, 200, { RequestId: requestId, Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
      }
      let params: Record<string, unknown> = {};
      try {
        params = JSON.parse(body) as Record<string, unknown>;
      } catch {
        // An unreadable body fails the signature or the parameter checks below.
      }
      const ok = verifyTencent(req, body, secrets);
      requests.push({ provider: 'tencent', signatureOk: ok, params, headers: req.headers });
      if (!ok)
        return json(res, 200, {
          Response: {
            Error: {
              Code: 'AuthFailure.SignatureFailure',
              Message: 'The provided credentials could not be validated.',
            },
            RequestId: requestId,
          },
        });
      const phone = (params.PhoneNumberSet as string[] | undefined)?.[0] ?? '';
      const refused = phone === `+86${REFUSED_MOBILE}`;
      return json(res, 200, {
        Response: {
          SendStatusSet: [
            {
              SerialNo: refused ? '' : `2433:${Date.now()}`,
              PhoneNumber: phone,
              Fee: refused ? 0 : 1,
              SessionContext: params.SessionContext,
              Code: refused ? 'InvalidParameterValue.IncorrectPhoneNumber' : 'Ok',
              Message: refused ? '手机号格式错误' : 'send success',
              IsoCode: 'CN',
            },
          ],
          RequestId: requestId,
        },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    aliyunUrl: `http://127.0.0.1:${port}/aliyun/`,
    tencentUrl: `http://127.0.0.1:${port}/tencent/`,
    requests,
    failNext(n) {
      outages = n;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
