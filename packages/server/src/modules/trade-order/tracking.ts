import type { TradeOrderExpressTrack } from '@app/contract';
import { TradeError } from '@app/contract';
import { createHash } from 'node:crypto';
import type { ExpressTrackKd100Config } from '../../config.js';
import { fail } from '../../lib/errors.js';

/** What a parcel is looked up by. */
export interface TrackQuery {
  /** The express company's code (trade_delivery_express.code, the provider's company code). */
  com: string;
  /** The logistics number. */
  num: string;
  /** The receiver's mobile: some carriers answer only with it. */
  phone: string;
}

/** A tracking provider: a parcel's journey, newest first. */
export interface ExpressTracker {
  track(query: TrackQuery): Promise<TradeOrderExpressTrack[]>;
}

const TIMEOUT_MS = 5_000;

/** Kuaidi100's answer: its events on success, or `result: false` with a reason. */
interface Kd100Answer {
  message?: unknown;
  status?: unknown;
  result?: unknown;
  returnCode?: unknown;
  data?: unknown;
}

const KD100_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** 'yyyy-MM-dd HH:mm:ss' of the provider, in China's time (UTC+8, no daylight saving), as epoch ms. */
const kd100Time = (text: unknown): number | null => {
  const m = typeof text === 'string' ? KD100_TIME.exec(text) : null;
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h - 8, mi, s);
};

/** The upper-case MD5 of param + key + customer that Kuaidi100 signs a query with. */
export const kd100Sign = (param: string, key: string, customer: string): string =>
  createHash('md5')
    .update(param + key + customer, 'utf8')
    .digest('hex')
    .toUpperCase();

/**
 * Kuaidi100's real-time query (实时快递查询): a form POST of `customer`, `sign` and `param`. A refusal
 * of the provider is EXPRESS_API_QUERY_FAILED with its reason; no answer in 5 s, or one that is not
 * its JSON, is EXPRESS_API_QUERY_ERROR.
 */
export const kd100Tracker = (config: ExpressTrackKd100Config): ExpressTracker => ({
  async track(query) {
    const param = JSON.stringify({ com: query.com, num: query.num, phone: query.phone });
    const form = new URLSearchParams({
      customer: config.customer,
      sign: kd100Sign(param, config.key, config.customer),
      param,
    });
    let answer: Kd100Answer;
    try {
      const res = await fetch(config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      answer = (await res.json()) as Kd100Answer;
      if (typeof answer !== 'object' || answer === null) throw new Error('not an object');
    } catch {
      throw fail(TradeError.EXPRESS_API_QUERY_ERROR);
    }
    if (answer.status !== '200' || !Array.isArray(answer.data)) {
      const reason = typeof answer.message === 'string' && answer.message ? answer.message : '未知原因';
      throw fail(TradeError.EXPRESS_API_QUERY_FAILED, reason);
    }
    const tracks: TradeOrderExpressTrack[] = [];
    for (const item of answer.data as { time?: unknown; context?: unknown }[]) {
      const time = kd100Time(item?.time);
      if (time === null || typeof item.context !== 'string') throw fail(TradeError.EXPRESS_API_QUERY_ERROR);
      tracks.push({ time, content: item.context });
    }
    // Kuaidi100 answers newest first by default; sorted anyway, as the contract promises it.
    return tracks.sort((a, b) => b.time - a.time);
  },
});

/** The configured tracking provider, or null: the tracks are then the events this server recorded. */
export const expressTrackerFrom = (config: ExpressTrackKd100Config | undefined): ExpressTracker | null =>
  config ? kd100Tracker(config) : null;
