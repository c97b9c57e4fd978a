import type { NotifyMessage } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUnreadStore } from '../../layout/notify-bell';
import { BOOLEAN_STRING, dict } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { toQuery } from '../../shared/crud';
import { MY_SEARCH, MyNotifyMessagePage } from './my-notify-message-page';

const at = new Date(2026, 10, 20, 8, 0, 0).getTime();
const row = (id: number, content: string, read: boolean): NotifyMessage => ({
  id,
  userId: 1,
  userType: 2,
  templateId: 3,
  templateCode: 'todo_reminder',
  templateNickname: '工作提醒',
  templateContent: content,
  templateType: 2,
  templateParams: {},
  readStatus: read,
  readTime: read ? at + 3_600_000 : null,
  createTime: at,
});

let rows: NotifyMessage[];

beforeEach(() => {
  rows = [row(3, '待办三：审批请假', false), row(2, '待办二：核对报表', false), row(1, '欢迎使用', true)];
});
afterEach(() => useUnreadStore.setState({ count: 0 }));

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/my-page')) {
      const status = call.query.get('readStatus');
      const list = status === null ? rows : rows.filter((r) => String(r.readStatus) === status);
      return ok({ list, total: list.length });
    }
    if (call.path.endsWith('/update-read')) {
      const ids = call.query.getAll('ids').map(Number);
      rows = rows.map((r) => (ids.includes(r.id) ? { ...r, readStatus: true, readTime: Date.now() } : r));
      return ok(true);
    }
    if (call.path.endsWith('/update-all-read')) {
      rows = rows.map((r) => ({ ...r, readStatus: true, readTime: Date.now() }));
      return ok(true);
    }
    if (call.path.endsWith('/get-unread-count')) return ok(rows.filter((r) => !r.readStatus).length);
    return ok(null);
  },
  { dicts: [dict('system_notify_template_type', '2', '系统消息', 'success'), ...BOOLEAN_STRING] },
);
const calls = stub.callsTo;

const setup = () => renderPage(<MyNotifyMessagePage />, { path: '/user/notify-message' }).user;

const bodyRows = () => document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row');
const rowOf = (text: string) => [...bodyRows()].find((r) => r.textContent?.includes(text))!;

describe('my in-site messages page', { timeout: 30_000 }, () => {
  it('lists the messages with their columns, 20 a page by default', async () => {
    setup();
    await screen.findByText('待办三：审批请假');
    expect(bodyRows()).toHaveLength(3);
    const first = calls('/my-page')[0]!;
    expect(first.query.get('pageNo')).toBe('1');
    expect(first.query.get('pageSize')).toBe('20');
    for (const header of ['发送人', '发送时间', '类型', '消息内容', '是否已读', '阅读时间', '操作'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    const read = within(rowOf('欢迎使用'));
    expect(read.getByText('是')).toBeInTheDocument();
    expect(read.getByText('2026-11-20 09:00:00')).toBeInTheDocument();
    expect(within(rowOf('待办三')).getByText('否')).toBeInTheDocument();
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
  });

  it('filters by read status', async () => {
    const user = setup();
    await screen.findByText('待办三：审批请假');
    await user.click(screen.getByLabelText('是否已读'));
    await user.click(await screen.findByTitle('否'));
    await user.click(document.querySelector<HTMLElement>('.list-search button[type="submit"]')!);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(calls('/my-page').at(-1)!.query.get('readStatus')).toBe('false');
  });

  it('marks the selected messages read, then reloads the list and the bell', async () => {
    const user = setup();
    await screen.findByText('待办三：审批请假');
    const markButton = screen.getByRole('button', { name: /标记已读/ });
    expect(markButton).toBeDisabled();
    // Read messages cannot be selected.
    expect(within(rowOf('欢迎使用')).getByRole('checkbox')).toBeDisabled();
    await user.click(within(rowOf('待办三')).getByRole('checkbox'));
    await user.click(within(rowOf('待办二')).getByRole('checkbox'));
    await user.click(markButton);
    await waitFor(() => expect(calls('/update-read')).toHaveLength(1));
    expect(calls('/update-read')[0]!.query.getAll('ids')).toEqual(['3', '2']);
    await waitFor(() => expect(within(rowOf('待办三')).getByText('是')).toBeInTheDocument());
    await waitFor(() => expect(calls('/get-unread-count').length).toBeGreaterThan(0));
    expect(useUnreadStore.getState().count).toBe(0);
  });

  it('详情 marks an unread message read and shows it in a dialog', async () => {
    const user = setup();
    await screen.findByText('待办二：核对报表');
    await user.click(within(rowOf('待办二')).getByRole('button', { name: '详情' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('站内信详情')).toBeInTheDocument();
    expect(within(dialog).getByText('待办二：核对报表')).toBeInTheDocument();
    await waitFor(() => expect(calls('/update-read')).toHaveLength(1));
    expect(calls('/update-read')[0]!.query.getAll('ids')).toEqual(['2']);
    await waitFor(() => expect(within(dialog).getByText('是')).toBeInTheDocument());

    // A read message opens without another call.
    await user.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await user.click(within(rowOf('欢迎使用')).getByRole('button', { name: '详情' }));
    const again = await screen.findByRole('dialog');
    await within(again).findByText('欢迎使用');
    expect(within(again).getByText('2026-11-20 09:00:00')).toBeInTheDocument();
    expect(calls('/update-read')).toHaveLength(1);
  });

  it('全部已读 marks everything read', async () => {
    const user = setup();
    await screen.findByText('待办三：审批请假');
    await user.click(screen.getByRole('button', { name: /全部已读/ }));
    await waitFor(() => expect(calls('/update-all-read')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('否')).toBeNull());
  });
});

describe('the search query', () => {
  it('sends the range as the start and end times to the second, and the read status', () => {
    expect(
      toQuery(MY_SEARCH, {
        readStatus: 'true',
        createTime: [dayjs('2026-11-01 00:00:00'), dayjs('2026-11-30 23:59:59')],
      }),
    ).toEqual({
      readStatus: 'true',
      createTime: ['2026-11-01 00:00:00', '2026-11-30 23:59:59'],
    });
    expect(toQuery(MY_SEARCH, { createTime: null })).toEqual({});
  });
});
