import type { NotifyMessage } from '@app/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFY_TEMPLATE_TYPE } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { NotifyBell } from './notify-bell';
import { useUnreadStore } from './unread-store';
import { UNREAD_POLL_INTERVAL } from './use-unread-count';

// The live channel (WebSocket or event stream) is replaced: tests push counts through `push`.
const stream = vi.hoisted(() => ({ push: null as ((count: number) => void) | null, opened: 0, closed: 0 }));
vi.mock('./unread-channel', () => ({
  openUnreadCountChannel: (onCount: (count: number) => void) => {
    stream.opened += 1;
    stream.push = onCount;
    return () => {
      stream.closed += 1;
      stream.push = null;
    };
  },
}));

const message = (id: number, content: string, type = 2): NotifyMessage => ({
  id,
  userId: 1,
  userType: 2,
  templateId: 1,
  templateCode: 'todo_reminder',
  templateNickname: type === 1 ? '系统管理员' : '工作提醒',
  templateContent: content,
  templateType: type,
  templateParams: {},
  readStatus: false,
  readTime: null,
  createTime: new Date(2026, 10, 22, 9, 30, 5).getTime(),
});

let unread = 3;
let unreadList: NotifyMessage[];

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  unread = 3;
  unreadList = [
    message(2, '您有一条新的待办【复核报表】，请及时处理。'),
    message(1, '系统将于今晚维护。', 1),
  ];
  stream.opened = 0;
  stream.closed = 0;
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/get-unread-count')) return ok(unread);
    if (call.path.endsWith('/get-unread-list')) return ok(unreadList);
    return ok(null);
  },
  { dicts: NOTIFY_TEMPLATE_TYPE },
);
const countCalls = () => stub.callsTo('/get-unread-count').length;

afterEach(() => {
  vi.useRealTimers();
  useUnreadStore.setState({ count: 0 });
});

function setup() {
  const { router, view } = renderPage(<NotifyBell />, {
    path: '/index',
    routes: [{ path: '/user/notify-message', element: <div>我的站内信页面</div> }],
  });
  return { router, view, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

/** The badge on screen (antd keeps a leaving one with data-show="false" while it animates out). */
const badge = () => document.querySelector('.notify-bell .ant-badge-count:not([data-show="false"])');

describe('notification bell', { timeout: 30_000 }, () => {
  it('loads the unread count on mount and again every 120 s, until unmounted', async () => {
    const { view } = setup();
    await waitFor(() => expect(badge()).toHaveAttribute('title', '3 条未读站内信'));
    expect(screen.getByRole('button', { name: '站内信' })).toBeInTheDocument();
    expect(countCalls()).toBe(1);

    unread = 5;
    await act(async () => {
      vi.advanceTimersByTime(UNREAD_POLL_INTERVAL - 1);
    });
    expect(countCalls()).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(countCalls()).toBe(2);
    await waitFor(() => expect(badge()).toHaveAttribute('title', '5 条未读站内信'));

    view.unmount();
    expect(stream.closed).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(UNREAD_POLL_INTERVAL * 3);
    });
    expect(countCalls()).toBe(2);
  });

  it('pauses polling and the stream while the tab is hidden and reloads when it is shown', async () => {
    setup();
    await vi.waitFor(() => expect(countCalls()).toBe(1));
    expect(stream.opened).toBe(1);

    setVisibility('hidden');
    expect(stream.closed).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(UNREAD_POLL_INTERVAL * 2);
    });
    expect(countCalls()).toBe(1);

    unread = 7;
    setVisibility('visible');
    await vi.waitFor(() => expect(countCalls()).toBe(2));
    expect(stream.opened).toBe(2);
    await waitFor(() => expect(badge()).toHaveAttribute('title', '7 条未读站内信'));
  });

  it('updates the badge at once when the stream pushes a count', async () => {
    setup();
    await waitFor(() => expect(badge()).toHaveAttribute('title', '3 条未读站内信'));
    act(() => stream.push?.(4));
    expect(badge()).toHaveAttribute('title', '4 条未读站内信');
    act(() => stream.push?.(0));
    expect(badge()).toBeNull();
    expect(countCalls()).toBe(1);
  });

  it('opening the popover loads the unread list, shows it and clears the badge; 查看全部 opens my messages', async () => {
    const { router, user } = setup();
    await waitFor(() => expect(badge()).not.toBeNull());
    await user.click(screen.getByRole('button', { name: '站内信' }));

    const panel = await waitFor(() => document.querySelector<HTMLElement>('.notify-bell-panel')!);
    const table = within(panel);
    await table.findByText('您有一条新的待办【复核报表】，请及时处理。');
    const list = stub.calls.find((c) => c.path.endsWith('/get-unread-list'))!;
    expect(list.query.get('size')).toBe('10');
    for (const header of ['发送人', '发送时间', '类型', '内容'])
      expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(table.getByText('工作提醒')).toBeInTheDocument();
    expect(table.getByText('系统消息')).toBeInTheDocument();
    expect(table.getByText('通知公告')).toBeInTheDocument();
    expect(table.getAllByText('2026-11-22 09:30:05')).toHaveLength(2);
    expect(panel.style.width).toBe('600px');
    await waitFor(() => expect(badge()).toBeNull());

    await user.click(screen.getByRole('button', { name: '查看全部' }));
    expect(router.state.location.pathname).toBe('/user/notify-message');
  });

  it('shows an empty state when nothing is unread', async () => {
    unread = 0;
    unreadList = [];
    const { user } = setup();
    await vi.waitFor(() => expect(countCalls()).toBe(1));
    expect(badge()).toBeNull();
    await user.click(screen.getByRole('button', { name: '站内信' }));
    expect(await screen.findByText('暂无未读站内信')).toBeInTheDocument();
  });
});
