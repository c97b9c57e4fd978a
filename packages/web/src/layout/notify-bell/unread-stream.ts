import type { CommonResult, UnreadCountEvent } from '@app/contract';
import { notifyMessageUnreadCountStream } from '@app/contract';
import { getAccessToken, getTenantId } from '../../shared/auth/storage';
import { BASE_URL, DEFAULT_TENANT_ID, TENANT_ENABLE } from '../../shared/config';
import { refreshAccessToken } from '../../shared/request';

/** Wait before reconnecting after the server ended a stream normally (lifetime reached, token renewed). */
const RECONNECT_MS = 1_000;
/** Waits after failures, doubling up to the poll interval. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 120_000;

/** Splits a text/event-stream body into the data of its events; comments (heartbeats) are skipped. */
export async function readEventData(
  body: ReadableStream<Uint8Array>,
  onData: (data: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''));
      if (data.length > 0) onData(data.join('\n'));
    }
  }
}

/** Whether this browser can read a streamed response body. */
export const canStream = (): boolean =>
  typeof fetch === 'function' && typeof ReadableStream === 'function' && typeof TextDecoder === 'function';

/**
 * Follows the server's unread-count event stream with fetch (so the bearer and tenant headers go
 * along, which EventSource cannot do) and calls `onCount` with each count. It reconnects when the
 * stream ends, renews an expired access token once through the request layer, and gives up
 * silently when streaming is not possible: the bell's polling carries on regardless.
 * Returns the function that stops it.
 */
export function openUnreadCountStream(onCount: (count: number) => void): () => void {
  if (!canStream()) return () => undefined;
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let renewed = false;

  const schedule = (ms: number) => {
    if (!stopped) timer = setTimeout(() => void connect(), ms);
  };
  const retryLater = () => {
    failures += 1;
    schedule(Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_MAX_MS));
  };

  const connect = async (): Promise<void> => {
    timer = null;
    const token = getAccessToken();
    if (stopped || !token) return;
    controller = new AbortController();
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
    if (TENANT_ENABLE) headers['tenant-id'] = getTenantId() ?? String(DEFAULT_TENANT_ID);
    try {
      const res = await fetch(`${BASE_URL}admin-api${notifyMessageUnreadCountStream.path}`, {
        headers,
        signal: controller.signal,
        cache: 'no-store',
      });
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !res.body) return retryLater();
      if (!type.startsWith('text/event-stream')) {
        // An error envelope: renew an expired token once, otherwise leave it to polling.
        const envelope = (await res.json().catch(() => null)) as CommonResult<unknown> | null;
        if (envelope?.code === 401 && !renewed) {
          renewed = true;
          await refreshAccessToken();
          return schedule(0);
        }
        return;
      }
      failures = 0;
      renewed = false;
      await readEventData(res.body, (data) => {
        const event = JSON.parse(data) as Partial<UnreadCountEvent>;
        if (typeof event.unreadCount === 'number') onCount(event.unreadCount);
      });
      schedule(RECONNECT_MS);
    } catch {
      if (!stopped) retryLater();
    }
  };

  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}
