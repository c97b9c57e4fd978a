import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../shared/auth/storage';
import { ok, stubHttp } from '../../test/http-stub';
import { openUnreadCountChannel } from './unread-channel';

// The event stream (the fallback) is replaced: the tests see whether it was opened.
const stream = vi.hoisted(() => ({ opened: 0, closed: 0 }));
vi.mock('./unread-stream', () => ({
  openUnreadCountStream: () => {
    stream.opened += 1;
    return () => void (stream.closed += 1);
  },
}));

/** The browser's WebSocket as the tests drive it. */
class Socket {
  static sockets: Socket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closed: number | null = null;
  constructor(readonly url: string) {
    Socket.sockets.push(this);
  }
  send(frame: string) {
    this.sent.push(frame);
  }
  close(code: number) {
    this.closed = code;
  }
  push(content: string, type = 'notify-unread-count') {
    this.onmessage?.({ data: JSON.stringify({ type, content }) });
  }
}
const current = () => Socket.sockets.at(-1)!;

let http: ReturnType<typeof stubHttp>;
beforeEach(() => {
  Socket.sockets = [];
  stream.opened = 0;
  stream.closed = 0;
  vi.stubGlobal('WebSocket', Socket);
  setToken({ accessToken: 'first', refreshToken: 'refresh' });
  http = stubHttp(() => ok({ userId: 1, accessToken: 'second', refreshToken: 'refresh', expiresTime: 0 }));
});
afterEach(() => {
  http.restore();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the unread count channel', () => {
  it('follows the WebSocket where it opens, ignoring other frames', () => {
    const counts: number[] = [];
    const stop = openUnreadCountChannel((n) => counts.push(n));
    expect(current().url).toBe(`ws://${window.location.host}/infra/ws?token=first`);
    current().onopen?.();
    current().push('3');
    current().push('{"x":1}', 'demo-message-receive');
    current().onmessage?.({ data: 'pong' });
    current().push('4');
    expect(counts).toEqual([3, 4]);
    expect(stream.opened).toBe(0);
    stop();
    expect(current().closed).toBe(1000);
  });

  it('falls back to the event stream when the connection is refused', () => {
    const stop = openUnreadCountChannel(() => undefined);
    current().onclose?.({ code: 1006 });
    expect(stream.opened).toBe(1);
    expect(Socket.sockets).toHaveLength(1);
    stop();
    expect(stream.closed).toBe(1);
  });

  it('uses the event stream where the browser has no WebSocket', () => {
    vi.stubGlobal('WebSocket', undefined);
    openUnreadCountChannel(() => undefined)();
    expect(stream.opened).toBe(1);
  });

  it('reconnects after an open connection dropped, and with a renewed token after 4001', async () => {
    vi.useFakeTimers();
    const stop = openUnreadCountChannel(() => undefined);
    current().onopen?.();
    current().onclose?.({ code: 1006 });
    vi.advanceTimersByTime(1000);
    expect(Socket.sockets).toHaveLength(2);

    // The request layer renewed the token meanwhile: no second renewal.
    current().onopen?.();
    setToken({ accessToken: 'other', refreshToken: 'refresh' });
    current().onclose?.({ code: 4001 });
    expect(current().url).toMatch(/\?token=other$/);
    expect(http.calls).toHaveLength(0);

    // Expired and nobody renewed it: renew here.
    current().onopen?.();
    current().onclose?.({ code: 4001 });
    await vi.waitFor(() => expect(current().url).toMatch(/\?token=second$/));
    expect(http.calls.map((c) => c.path)).toEqual(['/admin-api/system/auth/refresh-token']);
    expect(stream.opened).toBe(0);
    stop();
  });
});
