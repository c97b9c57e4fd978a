import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../shared/auth/storage';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { WebSocketPage } from './websocket-page';

/** A browser WebSocket the test drives: `accept()` opens it, `receive()` delivers a frame. */
class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.end(code);
  }
  accept() {
    act(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    });
  }
  end(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(type: string, content: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify({ type, content: JSON.stringify(content) }) }));
  }
}
const last = () => FakeSocket.all.at(-1)!;

const stub = stubPageTest((call) => {
  if (call.path.endsWith('/system/user/list-all-simple'))
    return ok([
      { id: 1, nickname: '系统管理员' },
      { id: 2, nickname: '运营专员' },
    ]);
  if (call.path.endsWith('/system/auth/refresh-token'))
    return ok({ userId: 1, accessToken: 'renewed', refreshToken: 'refresh', expiresTime: 0 });
  return ok(null);
});

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  setToken({ accessToken: 'access', refreshToken: 'refresh' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Renders the page and waits for the connection it opens on mount. */
const setup = async () => {
  const { user } = renderPage(<WebSocketPage />, { path: '/infra/webSocket' });
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  return user;
};

describe('WebSocket 测试 page', { timeout: 30_000 }, () => {
  it('connects with the access token, sends to a user and lists what it receives', async () => {
    const user = await setup();
    expect(last().url).toBe(`ws://${window.location.host}/infra/ws?token=access`);
    expect(screen.getByText('连接中')).toBeInTheDocument();
    last().accept();
    expect(screen.getByText('已连接')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /连\s*接/ })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: '发给谁' }));
    await user.click(await screen.findByTitle('运营专员'));
    await user.type(screen.getByRole('textbox', { name: '消息内容' }), '你好');
    await user.click(screen.getByRole('button', { name: /发\s*送/ }));
    expect(last().sent.map((f) => JSON.parse(f) as unknown)).toEqual([
      { type: 'demo-message-send', content: JSON.stringify({ text: '你好', toUserId: 2 }) },
    ]);
    expect(screen.getByRole('textbox', { name: '消息内容' })).toHaveValue('');

    expect(screen.getByText('暂无消息')).toBeInTheDocument();
    last().receive('demo-message-receive', { fromUserId: 2, text: '收到', single: true });
    last().receive('demo-message-receive', { fromUserId: 1, text: '大家好', single: false });
    last().receive('notice-push', { id: 3, title: '停机通知', type: 1, content: '<p>今晚</p>' });
    act(() => last().onmessage?.({ data: 'pong' }));
    const items = within(screen.getByRole('list', { name: '收到的消息' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^公告推送.*【公告】停机通知$/),
      expect.stringMatching(/^群发来自：系统管理员.*大家好$/),
      expect.stringMatching(/^单发来自：运营专员.*收到$/),
    ]);

    await user.click(screen.getByRole('button', { name: '清空消息' }));
    expect(screen.getByText('暂无消息')).toBeInTheDocument();
  });

  it('sends to everyone by default, disconnects and connects again', async () => {
    const user = await setup();
    last().accept();
    await user.type(screen.getByRole('textbox', { name: '消息内容' }), '所有人好');
    await user.click(screen.getByRole('button', { name: /发\s*送/ }));
    expect(JSON.parse(last().sent[0]!)).toEqual({
      type: 'demo-message-send',
      content: JSON.stringify({ text: '所有人好' }),
    });

    await user.click(screen.getByRole('button', { name: /断\s*开/ }));
    expect(last().closedWith).toBe(1000);
    expect(screen.getByText('已断开')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /发\s*送/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /连\s*接/ }));
    expect(FakeSocket.all).toHaveLength(2);
    last().accept();
    expect(screen.getByText('已连接')).toBeInTheDocument();
  });

  it('renews the access token once when the connection is refused', async () => {
    await setup();
    act(() => last().end(1006));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    expect(stub.callsTo('/system/auth/refresh-token')).toHaveLength(1);
    expect(last().url).toMatch(/\?token=renewed$/);
    act(() => last().end(1006));
    expect(screen.getByText('已断开')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeSocket.all).toHaveLength(2);
  });
});
