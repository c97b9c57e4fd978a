import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderShell, resetShellState } from '../basic-layout/test-utils';
import { HeaderSearch } from './header-search';

afterEach(resetShellState);

describe('<HeaderSearch>', () => {
  it('shows the shortcut hint and opens on Ctrl+K with the input focused', async () => {
    const user = userEvent.setup();
    renderShell(<HeaderSearch />);
    const trigger = screen.getByRole('button', { name: '菜单搜索' });
    expect(trigger).toHaveTextContent(/Ctrl K|⌘ K/);
    expect(trigger).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: '菜单搜索' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: '搜索菜单' })).toHaveFocus());
    expect(within(dialog).getByText(/输入菜单名称、路径或拼音/)).toBeInTheDocument();
  });

  it('lists matches as title paths, moves with the arrow keys and opens the choice with Enter', async () => {
    const user = userEvent.setup();
    renderShell(<HeaderSearch />);
    await user.click(screen.getByRole('button', { name: '菜单搜索' }));
    const input = await screen.findByRole('combobox', { name: '搜索菜单' });
    await user.type(input, 'gl');
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('系统管理 > 用户管理');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    const second = screen.getAllByRole('option')[1]!.querySelector('.app-search-result-path')!.textContent!;
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(second);
    // The dialog closes (jsdom runs no CSS animations, so it stays in its closing state here).
    await waitFor(() => expect(screen.getByRole('dialog', { hidden: true })).toHaveClass('ant-zoom-leave'));
  });

  it('says when nothing matches, and opens external results in a new window', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderShell(<HeaderSearch />);
    await user.click(screen.getByRole('button', { name: '菜单搜索' }));
    const input = await screen.findByRole('combobox', { name: '搜索菜单' });
    await user.type(input, '不存在的菜单');
    expect(await screen.findByText('没有找到匹配的菜单')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'guanfang');
    await user.click(await screen.findByRole('option', { name: /官方文档/ }));
    expect(open).toHaveBeenCalledWith('https://doc.iocoder.cn', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('location')).toHaveTextContent('/index');
  });
});
