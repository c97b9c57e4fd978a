import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * What in-process caches hold and other instances must drop when it changes; 'notify-unread' (key
 * `tenantId:userId`) tells the open unread-count streams of that user, wherever they are, to recount;
 * 'tenant' (key: the tenant id) drops a tenant's cached validity; 'oauth2-client' drops the cached
 * OAuth2 clients.
 */
export type Topic =
  | 'token'
  | 'permission'
  | 'dict'
  | 'notify-unread'
  | 'tenant'
  | 'oauth2-client'
  | 'notify-template'
  | 'sms-template';
type Listener = (key: string | undefined) => void;

const CHANNEL = 'admin:invalidate';

/**
 * Tells every cache holder that something changed: listeners in this process at once, and with
 * Redis the other server instances through pub/sub.
 */
export interface InvalidationBus {
  publish(topic: Topic, key?: string): Promise<void>;
  on(topic: Topic, listener: Listener): void;
  close(): Promise<void>;
}

export const createInvalidationBus = async (redis: Redis | null): Promise<InvalidationBus> => {
  const listeners = new Map<Topic, Listener[]>();
  const notify = (topic: Topic, key: string | undefined) => listeners.get(topic)?.forEach((l) => l(key));
  const origin = randomUUID();
  const subscriber = redis?.duplicate() ?? null;
  if (subscriber) {
    subscriber.on('error', () => undefined); // a lost connection is logged by the main one (main.ts)
    await subscriber.subscribe(CHANNEL);
    subscriber.on('message', (_channel: string, message: string) => {
      const event = JSON.parse(message) as { origin: string; topic: Topic; key?: string };
      if (event.origin !== origin) notify(event.topic, event.key);
    });
    // What other instances published while this one was cut off from Redis is lost: once it is back,
    // drop everything cached rather than serve what may have changed meanwhile. Tokens are trusted
    // in-process for seconds only, and dropping them all would also end every open socket and stream.
    let cutOff = false;
    subscriber.on('close', () => (cutOff = true));
    subscriber.on('ready', () => {
      if (!cutOff) return;
      cutOff = false;
      for (const topic of listeners.keys()) if (topic !== 'token') notify(topic, undefined);
    });
  }
  return {
    async publish(topic, key) {
      notify(topic, key);
      if (redis) await redis.publish(CHANNEL, JSON.stringify({ origin, topic, key }));
    },
    on(topic, listener) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
    async close() {
      subscriber?.disconnect();
    },
  };
};
