import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Kuaidi100's real-time query (实时快递查询) on 127.0.0.1: a form POST of
 * `customer`, `sign` and `param`. It recomputes the signature from the published rule (upper-case
 * MD5 of param + key + customer, independently of the server's code) and answers as the real service
 * does: the parcel's events newest first, or `result: false` with a reason.
 */

export interface TrackPeerRequest {
  customer: string;
  signatureOk: boolean;
  /** The parsed `param`: {com, num, phone}. */
  param: Record<string, unknown>;
}

/** A parcel the peer knows: its events, oldest first, as epoch ms and text. */
export interface PeerParcel {
  com: string;
  num: string;
  /** When set, the query must carry this phone (as carriers such as 顺丰 demand). */
  phone?: string;
  events: { time: number; context: string }[];
}

export interface TrackPeer {
  url: string;
  requests: TrackPeerRequest[];
  parcels: PeerParcel[];
  /** The key the peer checks signatures with; change it to make the server's signature wrong. */
  key: string;
  /** The next `n` requests get an HTTP 503 with a non-JSON body (an outage). */
  failNext(n: number): void;
  close(): Promise<void>;
}

const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const pad = (n: number) => String(n).padStart(2, '0');
/** 'yyyy-MM-dd HH:mm:ss' in China's time (UTC+8), as Kuaidi100 writes it. */
export const chinaTime = (ms: number): string => {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

/** Starts the stand-in for one account (`customer` with its `key`). */
export const startTrackPeer = async (account: { customer: string; key: string }): Promise<TrackPeer> => {
  let outages = 0;
  const peer: Omit<TrackPeer, 'url' | 'close'> & { failNext(n: number): void } = {
    requests: [],
    parcels: [],
    key: account.key,
    failNext(n) {
      outages = n;
    },
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (outages > 0) {
        outages -= 1;
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html>Service Unavailable</html>');
        return;
      }
      const form = new URLSearchParams(body);
      const customer = form.get('customer') ?? '';
      const sign = form.get('sign') ?? '';
      const rawParam = form.get('param') ?? '';
      const expected = createHash('md5')
        .update(rawParam + peer.key + customer, 'utf8')
        .digest('hex')
        .toUpperCase();
      const signatureOk =
        req.method === 'POST' &&
        String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded') &&
        customer === account.customer &&
        sign.length === expected.length &&
        timingSafeEqual(Buffer.from(sign), Buffer.from(expected));
      let param: Record<string, unknown> = {};
      try {
        param = JSON.parse(rawParam) as Record<string, unknown>;
      } catch {
        // An unreadable param is answered as a bad parameter below.
      }
      peer.requests.push({ customer, signatureOk, param });
      if (!signatureOk) return json(res, { result: false, returnCode: '601', message: '验证签名失败' });
      const parcel = peer.parcels.find(
        (p) =>
          p.com === param.com && p.num === param.num && (p.phone === undefined || p.phone === param.phone),
      );
      if (!parcel)
        return json(res, { result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' });
      const data = [...parcel.events].reverse().map((e) => ({
        time: chinaTime(e.time),
        ftime: chinaTime(e.time),
        context: e.context,
        location: '',
      }));
      return json(res, {
        message: 'ok',
        nu: parcel.num,
        ischeck: '0',
        condition: '00',
        com: parcel.com,
        status: '200',
        state: '0',
        data,
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(peer, {
    url: `http://127.0.0.1:${port}/poll/query.do`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
};
