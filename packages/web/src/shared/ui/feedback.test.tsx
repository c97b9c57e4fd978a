import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadToIndex } from '../navigation/reload';
import { resetRequestState, showReloginDialog } from '../request/http';
import { clearFeedbackApi, setFeedbackApi, withFeedback } from './feedback';
import type { FeedbackApi } from './feedback';

vi.mock('../navigation/reload', () => ({ reloadToIndex: vi.fn() }));

const fakeApi = () =>
  ({
    message: { error: vi.fn() },
    notification: { error: vi.fn() },
    modal: { confirm: vi.fn() },
  }) as unknown as FeedbackApi;

beforeEach(() => {
  setFeedbackApi(null);
  resetRequestState();
});
afterEach(() => setFeedbackApi(null));
// The holder's messages close on timers; closed before the file ends, no render is left to run after
// jsdom is torn down.
afterAll(async () => {
  await withFeedback(({ message, notification }) => {
    message.destroy();
    notification.destroy();
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
});

describe('withFeedback', () => {
  it("uses the layout's registered API at once", async () => {
    const api = fakeApi();
    setFeedbackApi(api);
    const shown = withFeedback(({ message }) => void message.error('出错了'));
    expect(api.message.error).toHaveBeenCalledExactlyOnceWith('出错了');
    await expect(shown).resolves.toBe(true);
  });

  it('a bridge unmounting does not unregister the API of another one', () => {
    const first = fakeApi();
    const second = fakeApi();
    setFeedbackApi(first);
    setFeedbackApi(second);
    clearFeedbackApi(first);
    void withFeedback(({ message }) => void message.error('x'));
    expect(second.message.error).toHaveBeenCalledTimes(1);
    expect(first.message.error).not.toHaveBeenCalled();
  });

  it('outside the layout loads antd on demand and shows the message from a holder', async () => {
    await expect(withFeedback(({ message }) => void message.error('后端接口连接异常'))).resolves.toBe(true);
    expect(await screen.findByText('后端接口连接异常')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-feedback-holder]')).toHaveLength(1);

    // Later messages reuse the same holder.
    await withFeedback(({ notification }) => notification.error({ title: '系统未知错误，请反馈给管理员' }));
    expect(await screen.findByText('系统未知错误，请反馈给管理员')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-feedback-holder]')).toHaveLength(1);
  });

  it('the re-login dialog shows once through the holder, with the console texts', async () => {
    const user = userEvent.setup();
    showReloginDialog();
    showReloginDialog();
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('系统提示', { selector: '.ant-modal-confirm-title' }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('登录状态已过期，您可以继续留在该页面，或者重新登录'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '重新登录' })).toBeInTheDocument();
    showReloginDialog();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    // 取消 closes the dialog (jsdom runs no CSS animations, so it stays in its closing state here).
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
    expect(reloadToIndex).not.toHaveBeenCalled();
  });
});
