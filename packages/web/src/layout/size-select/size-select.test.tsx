import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from 'antd';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { ANTD_SIZE } from '../../shared/ui/theme';
import { renderShell, resetShellState } from '../basic-layout/test-utils';
import { SizeSelect } from './size-select';

afterEach(resetShellState);

describe('<SizeSelect>', () => {
  it('offers the four sizes, the current one disabled (Medium by default)', async () => {
    renderShell(<SizeSelect />);
    await userEvent.click(screen.getByRole('button', { name: '布局大小' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Default', 'Medium', 'Small', 'Mini']);
    expect(screen.getByRole('menuitem', { name: 'Medium' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('stores the size, reloads the page through /redirect and says Switch Size Success', async () => {
    const { router } = renderShell(<SizeSelect />, { path: '/system/user?page=2' });
    const visited: string[] = [];
    router.subscribe((state) => visited.push(`${state.location.pathname}${state.location.search}`));
    await userEvent.click(screen.getByRole('button', { name: '布局大小' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Small' }));
    expect(useLayoutSettings.getState().size).toBe('small');
    expect(localStorage.getItem('size')).toBe('small');
    expect(visited).toContain('/redirect/system/user?page=2');
    expect(await screen.findByText('Switch Size Success')).toBeInTheDocument();
  });

  it('maps the sizes onto antd: Default → large, Medium → middle, Small → small, Mini → small + compact', async () => {
    expect(ANTD_SIZE).toEqual({
      default: { componentSize: 'large', compact: false },
      medium: { componentSize: 'middle', compact: false },
      small: { componentSize: 'small', compact: false },
      mini: { componentSize: 'small', compact: true },
    });
    // The page's antd components follow the size (the shell's own icon buttons keep theirs).
    renderShell(
      <>
        <SizeSelect />
        <Button>样例</Button>
      </>,
    );
    const sample = () => screen.getByRole('button', { name: '样例' });
    expect(sample()).not.toHaveClass('ant-btn-lg');
    useLayoutSettings.getState().setSize('default');
    await waitFor(() => expect(sample()).toHaveClass('ant-btn-lg'));
  });
});
