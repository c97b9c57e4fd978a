import type { Menu, menuCreateReq, menuListReq, MenuSimple, menuUpdateReq } from '@app/contract';
import { isExternalLink, MENU_TYPE, MenuError } from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import type { MenuRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { tenantMenuIds } from '../tenant-package/tenant-menus.js';
import { menuRepository } from './repository.js';

type MenuInput = z.output<typeof menuCreateReq>;

export const toMenu = (row: MenuRow): Menu => ({
  id: row.id,
  name: row.name,
  permission: row.permission,
  type: row.type,
  sort: row.sort,
  parentId: row.parentId,
  path: row.path,
  icon: row.icon,
  component: row.component,
  componentName: row.componentName,
  status: row.status,
  visible: row.visible === 1,
  keepAlive: row.keepAlive === 1,
  alwaysShow: row.alwaysShow === 1,
  createTime: row.createTime,
});

/** The stored columns of a menu: buttons keep no route, external links no component. */
const columnsOf = (input: MenuInput) => {
  const isButton = input.type === MENU_TYPE.BUTTON;
  const routeless = isButton || isExternalLink(input.path);
  return {
    name: input.name,
    permission: input.permission,
    type: input.type,
    sort: input.sort,
    parentId: input.parentId,
    path: isButton ? '' : input.path,
    icon: isButton ? '' : input.icon,
    component: routeless || input.component === '' ? null : input.component,
    componentName: routeless || input.componentName === '' ? null : input.componentName,
    status: input.status,
    visible: input.visible ? 1 : 0,
    keepAlive: input.keepAlive ? 1 : 0,
    alwaysShow: input.alwaysShow ? 1 : 0,
  };
};

/**
 * The global menu tree. Every write publishes 'permission': menus feed each user's grants and
 * get-permission-info.
 */
export const menuService = (ctx: AppContext) => {
  const repo = menuRepository(ctx.db.kysely);
  const menusChanged = () => ctx.bus.publish('permission');

  const mustExist = async (id: number): Promise<MenuRow> => {
    const row = await repo.findById(id);
    if (!row) throw fail(MenuError.MENU_NOT_EXISTS);
    return row;
  };

  /** The parent must exist and be a directory or menu, and never the menu itself or one below it. */
  const checkParent = async (parentId: number, selfId: number | null) => {
    if (parentId === 0) return;
    if (parentId === selfId) throw fail(MenuError.MENU_PARENT_ERROR);
    const parent = await repo.findById(parentId);
    if (!parent) throw fail(MenuError.MENU_PARENT_NOT_EXISTS);
    if (parent.type !== MENU_TYPE.DIR && parent.type !== MENU_TYPE.MENU)
      throw fail(MenuError.MENU_PARENT_NOT_DIR_OR_MENU);
    if (selfId === null) return;
    const seen = new Set<number>();
    for (
      let at: MenuRow | undefined = parent;
      at && at.parentId !== 0;
      at = await repo.findById(at.parentId)
    ) {
      if (at.parentId === selfId) throw fail(MenuError.MENU_PARENT_ERROR);
      if (seen.has(at.id)) break;
      seen.add(at.id);
    }
  };

  const checkName = async (input: MenuInput, selfId: number) => {
    if (await repo.findSibling(input.parentId, input.name, selfId)) throw fail(MenuError.MENU_NAME_DUPLICATE);
  };

  return {
    async list(query: z.output<typeof menuListReq>): Promise<Menu[]> {
      return (await repo.list(query)).map(toMenu);
    },

    /** The enabled menus the caller's tenant may hand its roles: its package's (every one for the system tenant). */
    async listEnabledSimple(user: LoginUser): Promise<MenuSimple[]> {
      const [rows, allowed] = await Promise.all([
        repo.enabledSimple(),
        tenantMenuIds(ctx.db.kysely, user.tenantId),
      ]);
      return allowed === null ? rows : rows.filter((m) => allowed.has(m.id));
    },

    async get(id: number): Promise<Menu> {
      return toMenu(await mustExist(id));
    },

    async create(user: LoginUser, input: MenuInput): Promise<number> {
      await checkParent(input.parentId, null);
      await checkName(input, 0);
      const at = ctx.now();
      const id = await repo.insert({
        ...columnsOf(input),
        creator: String(user.id),
        updater: String(user.id),
        createTime: at,
        updateTime: at,
      });
      await menusChanged();
      return id;
    },

    async update(user: LoginUser, input: z.output<typeof menuUpdateReq>): Promise<boolean> {
      await mustExist(input.id);
      await checkParent(input.parentId, input.id);
      await checkName(input, input.id);
      await repo.update(input.id, { ...columnsOf(input), updater: String(user.id), updateTime: ctx.now() });
      await menusChanged();
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await mustExist(id);
      if (await repo.hasChildren(id)) throw fail(MenuError.MENU_EXISTS_CHILDREN);
      await repo.delete(id, ctx.now(), String(user.id));
      await menusChanged();
      return true;
    },
  };
};
export type MenuService = ReturnType<typeof menuService>;
