import type { FastifyInstance } from 'fastify';

/** One parsed server-sent event: its data, or a `:` comment. */
export type SseEvent = { data: string } | { comment: string };

export interface SseClient {
  status: number;
  contentType: string;
  /** The next event, or a rejection after `timeoutMs`. */
  next: (timeoutMs?: number) => Promise<SseEvent>;
  /** The next data event (comments skipped), parsed as JSON. */
  nextData: <T = unknown>(timeoutMs?: number) => Promise<T>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The whole body when the answer is not a stream (an error envelope). */
  text: () => Promise<string>;
  close: () => void;
}

/** The base URL of an app listening on a random local port (starts listening on first use). */
export const listen = async (app: FastifyInstance): Promise<string> => {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bound = app.server.address();
  if (!bound || typeof bound !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${bound.port}`;
};

/** Opens an event stream with fetch, as the web does, and reads it event by event. */
export const openSse = async (url: string, headers: Record<string, string>): Promise<SseClient> => {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const contentType = res.headers.get('content-type') ?? '';
  const queue: SseEvent[] = [];
  const waiters: ((event: SseEvent) => void)[] = [];
  let endedResolve: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  const isStream = contentType.startsWith('text/event-stream');

  if (isStream && res.body) {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let at: number;
          while ((at = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trimStart());
            const comment = block.startsWith(':') ? block.slice(1).trim() : null;
            const event: SseEvent | null =
              data.length > 0 ? { data: data.join('\n') } : comment !== null ? { comment } : null;
            if (!event) continue;
            const waiter = waiters.shift();
            if (waiter) waiter(event);
            else queue.push(event);
          }
        }
      } catch {
        // aborted by close()
      }
      endedResolve();
    })();
  } else {
    endedResolve();
  }

  const next = (timeoutMs = 3000) =>
    new Promise<SseEvent>((resolve, reject) => {
      const queued = queue.shift();
      if (queued) return resolve(queued);
      const timer = setTimeout(() => {
        const i = waiters.indexOf(onEvent);
        if (i >= 0) waiters.splice(i, 1);
        reject(new Error(`no event within ${timeoutMs} ms`));
      }, timeoutMs);
      const onEvent = (event: SseEvent) => {
        clearTimeout(timer);
        resolve(event);
      };
      waiters.push(onEvent);
    });

  return {
    status: res.status,
    contentType,
    next,
    async nextData<T>(timeoutMs = 3000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const event = await next(Math.max(1, deadline - Date.now()));
        if ('data' in event) return JSON.parse(event.data) as T;
      }
    },
    ended,
    text: () => res.text(),
    close: () => controller.abort(),
  };
};
