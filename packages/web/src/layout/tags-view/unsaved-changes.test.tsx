import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { useLayoutEffect } from 'react';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_SETTING, useLayoutSettings } from '../../shared/settings/layout-settings';
import { clearFeedbackApi, setFeedbackApi } from '../../shared/ui/feedback';
import { createShellRouter } from '../page-cache/test-shell';
import { useTagsStore } from './tags-store';
import { LEAVE_QUESTION, useUnsavedChanges } from './unsaved-changes';

/** An editor: typing marks its changes unsaved. */
function EditorPage() {
  const { markDirty } = useUnsavedChanges();
  return <input aria-label="编辑输入" onChange={markDirty} />;
}

/** The dialogs come from this App, as from the layout's. */
function Feedback() {
  const api = App.useApp();
  useLayoutEffect(() => {
    setFeedbackApi(api);
    return () => clearFeedbackApi(api);
  }, [api]);
  return null;
}

const setup = async () => {
  const router = createShellRouter('/edit', [
    { path: 'edit', handle: { title: '编辑', fullPath: '/edit' }, Component: EditorPage },
  ]);
  render(
    <App>
      <Feedback />
      <RouterProvider router={router} />
    </App>,
  );
  await act(() => router.navigate('/a'));
  await act(() => router.navigate('/edit'));
  return { router, user: userEvent.setup() };
};
const tabs = () => useTagsStore.getState().views.map((view) => view.fullPath);
/** The question last asked (an earlier one may still be closing). */
const question = async () =>
  (await screen.findAllByText(LEAVE_QUESTION)).at(-1)!.closest<HTMLElement>('.ant-modal')!;

beforeEach(() => {
  useTagsStore.getState().reset();
  useLayoutSettings.setState({ setting: { ...DEFAULT_LAYOUT_SETTING }, size: 'medium' });
});
afterEach(() => useTagsStore.getState().reset());

describe('unsaved changes', { timeout: 30_000 }, () => {
  it('closes a clean editor tab at once', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: '关闭 编辑' }));
    expect(tabs()).not.toContain('/edit');
    expect(screen.queryByText(LEAVE_QUESTION)).toBeNull();
  });

  it('asks before closing an edited tab from another tab, and keeps it when the user stays', async () => {
    const { router, user } = await setup();
    await user.type(screen.getByLabelText('编辑输入'), '改');
    await act(() => router.navigate('/a'));
    await user.click(screen.getByRole('button', { name: '关闭 编辑' }));
    await user.click(within(await question()).getByRole('button', { name: /取\s*消/ }));
    expect(tabs()).toContain('/edit');
    await user.click(screen.getByRole('button', { name: '关闭 编辑' }));
    await user.click(within(await question()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(tabs()).not.toContain('/edit'));
  });

  it('asks before a navigation drops the page while the tab strip is off', async () => {
    useLayoutSettings.setState({ setting: { ...DEFAULT_LAYOUT_SETTING, tagsView: false }, size: 'medium' });
    const { router, user } = await setup();
    await user.type(screen.getByLabelText('编辑输入'), '改');
    await act(() => router.navigate('/b'));
    await user.click(within(await question()).getByRole('button', { name: /取\s*消/ }));
    expect(router.state.location.pathname).toBe('/edit');
    await act(() => router.navigate('/b'));
    await user.click(within(await question()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/b'));
  });
});
