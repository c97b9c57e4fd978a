import {
  menuCreate,
  menuDelete,
  menuGet,
  menuList,
  menuListAllSimple,
  menuSimpleList,
  menuUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { MenuService } from './service.js';

export const menuRoutes = (route: RouteRegistrar, menus: MenuService): void => {
  route(menuList, ({ query }) => menus.list(query));
  route(menuListAllSimple, ({ user }) => menus.listEnabledSimple(user));
  route(menuSimpleList, ({ user }) => menus.listEnabledSimple(user));
  route(menuGet, ({ query }) => menus.get(query.id));
  route(menuCreate, ({ user, body }) => menus.create(user, body));
  route(menuUpdate, ({ user, body }) => menus.update(user, body));
  route(menuDelete, ({ user, query }) => menus.delete(user, query.id));
};
