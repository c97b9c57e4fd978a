import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../shared/auth/storage';
import { openUnreadCountStream, readEventData } from './unread-stream';

const refresh = vi.hoisted(() => vi.fn<() => Promise<void>>());
vi.mock('../../shared/request', () => ({ refreshAccessToken: refresh }));

const encoder = new TextEncoder();
const streamOf = (chunks: string[], keepOpen = false) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!keepOpen) controller.close();
    },
  });

const eventStream = (chunks: string[], keepOpen = true) =>
  new Response(streamOf(chunks, keepOpen), {
    headers: { 'content-type': 'text/event-stream; charset=utf-8' },
  });
const envelope = (code: number) =>
  new Response(JSON.stringify({ code, msg: 'x', data: null }), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

describe('readEventData', () => {
  it('splits events across chunks, joins data lines and skips comments', async () => {
    const seen: string[] = [];
    await readEventData(
      streamOf([
        'retry: 5000\n\ndata: {"unread',
        'Count":2}\n\n: heartbeat\n\n',
        'data: a\r\ndata: b\r\n\r\n',
      ]),
      (d) => seen.push(d),
    );
    expect(seen).toEqual(['{"unreadCount":2}', 'a\nb']);
  });
});

describe('openUnreadCountStream', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    setToken({ accessToken: 'a'.repeat(32), refreshToken: 'r'.repeat(32) });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    refresh.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the bearer and tenant headers and reports each count', async () => {
    fetchMock.mockResolvedValue(eventStream(['data: {"unreadCount":3}\n\n', 'data: {"unreadCount":4}\n\n']));
    const counts: number[] = [];
    const stop = openUnreadCountStream((n) => counts.push(n));
    await vi.waitFor(() => expect(counts).toEqual([3, 4]));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/admin-api/system/notify-message/unread-count-stream');
    expect(init.headers).toMatchObject({ Authorization: `Bearer ${'a'.repeat(32)}`, 'tenant-id': '1' });
    stop();
    expect((init.signal as AbortSignal).aborted).toBe(true);
  });

  it('renews an expired token once through the request layer, then connects again', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(401))
      .mockResolvedValueOnce(eventStream(['data: {"unreadCount":1}\n\n']));
    refresh.mockResolvedValue();
    const counts: number[] = [];
    const stop = openUnreadCountStream((n) => counts.push(n));
    await vi.waitFor(() => expect(counts).toEqual([1]));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });

  it('gives up silently on other refusals, leaving the count to polling', async () => {
    fetchMock.mockResolvedValue(envelope(403));
    const onCount = vi.fn();
    const stop = openUnreadCountStream(onCount);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onCount).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });

  it('reconnects after the server ends the stream', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fetchMock
        .mockResolvedValueOnce(eventStream(['data: {"unreadCount":2}\n\n'], false))
        .mockResolvedValueOnce(eventStream(['data: {"unreadCount":5}\n\n']));
      const counts: number[] = [];
      const stop = openUnreadCountStream((n) => counts.push(n));
      await vi.waitFor(() => expect(counts).toEqual([2]));
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(counts).toEqual([2, 5]));
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
