import type { MenuNode, PermissionInfo } from '@app/contract';
import type { PageMap } from '../app/router/build-routes';

const node = (partial: Partial<MenuNode> & Pick<MenuNode, 'id' | 'name' | 'path'>): MenuNode => ({
  parentId: 0,
  component: null,
  componentName: null,
  icon: '',
  visible: true,
  keepAlive: true,
  alwaysShow: true,
  ...partial,
});

/** A menu tree in the shape of the seeded yudao menus, with the edge cases the builders handle. */
export const MENUS: MenuNode[] = [
  node({
    id: 1,
    name: '系统管理',
    path: '/system',
    icon: 'system',
    children: [
      node({
        id: 100,
        parentId: 1,
        name: '用户管理',
        path: 'user',
        icon: 'user',
        component: 'system/user/index',
        componentName: 'SystemUser',
      }),
      node({
        id: 105,
        parentId: 1,
        name: '字典管理',
        path: 'dict',
        icon: 'dict',
        component: 'system/dict/index',
        componentName: 'SystemDictType',
        keepAlive: false,
      }),
      node({
        id: 150,
        parentId: 1,
        name: '字典数据',
        path: 'dict-data',
        icon: 'dict',
        component: 'system/dict/data',
        visible: false,
      }),
      node({
        id: 108,
        parentId: 1,
        name: '审计日志',
        path: 'log',
        icon: 'log',
        children: [
          node({
            id: 500,
            parentId: 108,
            name: '操作日志',
            path: 'operate-log',
            icon: 'form',
            component: 'system/operatelog/index',
          }),
        ],
      }),
      node({ id: 160, parentId: 1, name: '官方文档', path: 'https://doc.iocoder.cn', icon: 'link' }),
      node({
        id: 170,
        parentId: 1,
        name: '个人中心',
        path: '/user/profile',
        component: 'system/user/profile/index',
        visible: false,
      }),
    ],
  }),
  node({
    id: 2,
    name: '基础设施',
    path: '/infra',
    icon: 'monitor',
    alwaysShow: false,
    children: [
      node({
        id: 106,
        parentId: 2,
        name: '配置管理',
        path: 'config',
        icon: 'edit',
        component: 'infra/config/index',
      }),
    ],
  }),
  node({ id: 3, name: '数据看板', path: '/board', icon: 'no-such-icon', component: 'report/board/index' }),
];

/** Pages of the fixture build: only the user list exists. */
export const PAGES: PageMap = {
  'system/user/index': async () => ({
    default: function UserListPage() {
      return <div>用户列表页面</div>;
    },
  }),
};

export const PERMISSION_INFO: PermissionInfo = {
  user: { id: 1, nickname: '芋道源码', avatar: '', deptId: 103 },
  roles: ['super_admin'],
  permissions: ['*:*:*'],
  menus: MENUS,
};
