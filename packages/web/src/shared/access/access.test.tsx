import { render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../session/session-store';
import { Access } from './access';
import { checkPermission, checkRole } from './check';
import { useAccess } from './use-access';

const signIn = (roles: string[], permissions: string[]) =>
  useSessionStore.getState().setSession({
    user: { id: 1, nickname: '测试', avatar: '', deptId: null },
    roles,
    permissions,
    menus: [],
  });

afterEach(() => useSessionStore.getState().reset());

describe('checkPermission / checkRole', () => {
  const owned = ['system:user:query', 'system:user:create'];

  it('any-of passes with one held permission, all-of needs every one', () => {
    expect(checkPermission(['system:user:query', 'system:role:query'], owned, 'any')).toBe(true);
    expect(checkPermission(['system:user:query', 'system:role:query'], owned, 'all')).toBe(false);
    expect(checkPermission(['system:user:query', 'system:user:create'], owned, 'all')).toBe(true);
    expect(checkPermission(['system:role:query'], owned)).toBe(false);
    expect(checkPermission('system:user:create', owned)).toBe(true);
  });

  it('the wildcard *:*:* passes every permission check', () => {
    expect(checkPermission(['anything:at:all', 'x'], ['*:*:*'], 'all')).toBe(true);
  });

  it('the admin role passes every role check', () => {
    expect(checkRole(['finance', 'hr'], ['admin'], 'all')).toBe(true);
    expect(checkRole(['finance'], ['common'])).toBe(false);
    expect(checkRole(['finance', 'common'], ['common'], 'any')).toBe(true);
    expect(checkRole(['finance', 'common'], ['common'], 'all')).toBe(false);
  });

  it('super_admin is not special for role checks (only admin is)', () => {
    expect(checkRole(['finance'], ['super_admin'])).toBe(false);
  });

  it('an empty required list throws a Chinese error', () => {
    expect(() => checkPermission([], owned)).toThrow('请设置操作权限标签值');
    expect(() => checkPermission([''], ['*:*:*'])).toThrow('请设置操作权限标签值');
    expect(() => checkRole([], ['admin'])).toThrow('请设置角色权限标签值');
  });
});

describe('useAccess', () => {
  it('checks against the signed-in user', () => {
    signIn(['common'], ['system:user:query']);
    const { result } = renderHook(() => useAccess());
    expect(result.current.hasPermi(['system:user:query'])).toBe(true);
    expect(result.current.hasPermiOr(['system:user:delete', 'system:user:query'])).toBe(true);
    expect(result.current.hasPermiAnd(['system:user:delete', 'system:user:query'])).toBe(false);
    expect(result.current.hasRole(['common'])).toBe(true);
    expect(result.current.hasRoleOr(['x', 'common'])).toBe(true);
    expect(result.current.hasRoleAnd(['x', 'common'])).toBe(false);
    expect(() => result.current.hasRole([])).toThrow('请设置角色权限标签值');
  });

  it('a user without roles gets ROLE_DEFAULT', () => {
    signIn([], []);
    const { result } = renderHook(() => useAccess());
    expect(result.current.hasRole(['ROLE_DEFAULT'])).toBe(true);
  });
});

describe('<Access>', () => {
  it('renders the children only when the check passes', () => {
    signIn(['common'], ['system:user:query']);
    render(
      <>
        <Access permission={['system:user:query']}>
          <button type="button">查询</button>
        </Access>
        <Access permission={['system:user:delete']}>
          <button type="button">删除</button>
        </Access>
        <Access permission={['system:user:delete', 'system:user:query']} mode="all">
          <button type="button">批量</button>
        </Access>
        <Access role={['common']}>
          <span>普通角色可见</span>
        </Access>
        <Access role={['finance']} fallback={<span>无权查看</span>}>
          <span>财务可见</span>
        </Access>
      </>,
    );
    expect(screen.getByRole('button', { name: '查询' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '批量' })).not.toBeInTheDocument();
    expect(screen.getByText('普通角色可见')).toBeInTheDocument();
    expect(screen.queryByText('财务可见')).not.toBeInTheDocument();
    expect(screen.getByText('无权查看')).toBeInTheDocument();
  });

  it('admin and the wildcard see everything', () => {
    signIn(['admin'], ['*:*:*']);
    render(
      <Access permission={['system:user:delete', 'system:role:delete']} role={['finance']} mode="all">
        <span>全部可见</span>
      </Access>,
    );
    expect(screen.getByText('全部可见')).toBeInTheDocument();
  });

  it('throws for an empty list', () => {
    signIn(['admin'], ['*:*:*']);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Access permission={[]}>x</Access>)).toThrow('请设置操作权限标签值');
    expect(() => render(<Access role={[]}>x</Access>)).toThrow('请设置角色权限标签值');
  });
});
