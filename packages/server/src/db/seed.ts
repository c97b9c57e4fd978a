import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { SUPER_ADMIN_ROLE } from '@app/contract';
import { hashPassword } from '../lib/crypto.js';
import { renderTemplate } from '../lib/template.js';
import type { Db } from './database.js';
import type { Database } from './schema.js';
import { DICT_DATA_SEED, DICT_TYPE_SEED } from './seed-data/dicts.js';
import { MENU_SEED, type MenuSeedRow } from './seed-data/menus.js';
import { seedOaLeave } from './seed-data/bpm-oa-leave.js';
import { seedBpmSignResults } from './seed-data/bpm-sign.js';
import { seedSms } from './seed-data/sms.js';

/** The accounts a fresh database starts with; README and `npm start` print the first. */
export const SEED_ACCOUNTS = {
  admin: { username: 'admin', password: 'admin123', nickname: '系统管理员' },
  operator: { username: 'operator', password: 'operator123', nickname: '运营专员' },
} as const;

export const SEED_TENANT = { id: 1, name: '默认租户' } as const;

const ROLE = { SUPER_ADMIN: 1, OPERATOR: 2 } as const;
const ROLE_TYPE = { SYSTEM: 1, CUSTOM: 2 } as const;

/** Menu ids the narrow operator role holds: 用户管理 and 字典管理, read-only. */
const OPERATOR_MENUS = [1, 100, 1001, 105, 1026];

const far = Date.UTC(2099, 11, 31);

/** Seeds once: a database that already has a tenant is left alone. Returns whether it seeded. */
export const seedIfEmpty = async (db: Db, now = Date.now()): Promise<boolean> => {
  const k = db.kysely;
  const existing = await k.selectFrom('systemTenant').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const audit = { creator: '1', updater: '1', createTime: now, updateTime: now };
  const [adminHash, operatorHash] = await Promise.all([
    hashPassword(SEED_ACCOUNTS.admin.password),
    hashPassword(SEED_ACCOUNTS.operator.password),
  ]);

  await k.transaction().execute(async (tx) => {
    await tx
      .insertInto('systemTenant')
      .values({
        ...audit,
        id: SEED_TENANT.id,
        name: SEED_TENANT.name,
        contactUserId: 1,
        contactName: SEED_ACCOUNTS.admin.nickname,
        contactMobile: '13800000000',
        status: 0,
        domain: null,
        packageId: 0,
        expireTime: far,
        accountCount: 9999,
      })
      .execute();

    const t = { ...audit, tenantId: SEED_TENANT.id };
    await tx
      .insertInto('systemDept')
      .values([
        {
          ...t,
          id: 100,
          name: '总部',
          parentId: 0,
          sort: 0,
          leaderUserId: 1,
          phone: null,
          email: null,
          status: 0,
        },
        {
          ...t,
          id: 101,
          name: '研发部',
          parentId: 100,
          sort: 1,
          leaderUserId: 1,
          phone: null,
          email: null,
          status: 0,
        },
        {
          ...t,
          id: 102,
          name: '运营部',
          parentId: 100,
          sort: 2,
          leaderUserId: 2,
          phone: null,
          email: null,
          status: 0,
        },
      ])
      .execute();
    await tx
      .insertInto('systemPost')
      .values([
        { ...t, id: 1, code: 'ceo', name: '董事长', sort: 1, status: 0, remark: null },
        { ...t, id: 2, code: 'pm', name: '项目经理', sort: 2, status: 0, remark: null },
        { ...t, id: 3, code: 'staff', name: '普通员工', sort: 3, status: 0, remark: null },
      ])
      .execute();

    const user = {
      ...t,
      remark: null,
      email: null,
      sex: 1,
      avatar: null,
      status: 0,
      loginIp: null,
      loginDate: null,
    };
    await tx
      .insertInto('systemUsers')
      .values([
        {
          ...user,
          id: 1,
          username: 'admin',
          password: adminHash,
          nickname: SEED_ACCOUNTS.admin.nickname,
          deptId: 101,
          mobile: '13800000000',
        },
        {
          ...user,
          id: 2,
          username: 'operator',
          password: operatorHash,
          nickname: SEED_ACCOUNTS.operator.nickname,
          deptId: 102,
          mobile: '13800000001',
        },
      ])
      .execute();
    await tx
      .insertInto('systemUserPost')
      .values([
        { ...t, userId: 1, postId: 1 },
        { ...t, userId: 2, postId: 3 },
      ])
      .execute();

    await tx
      .insertInto('systemRole')
      .values([
        {
          ...t,
          id: ROLE.SUPER_ADMIN,
          name: '超级管理员',
          code: SUPER_ADMIN_ROLE,
          sort: 1,
          dataScope: 1,
          dataScopeDeptIds: '[]',
          status: 0,
          type: ROLE_TYPE.SYSTEM,
          remark: '拥有全部菜单与权限',
        },
        {
          ...t,
          id: ROLE.OPERATOR,
          name: '运营人员',
          code: 'operator',
          sort: 2,
          dataScope: 3,
          dataScopeDeptIds: '[]',
          status: 0,
          type: ROLE_TYPE.CUSTOM,
          remark: '只读查看用户与字典',
        },
      ])
      .execute();
    await tx
      .insertInto('systemUserRole')
      .values([
        { ...t, userId: 1, roleId: ROLE.SUPER_ADMIN },
        { ...t, userId: 2, roleId: ROLE.OPERATOR },
      ])
      .execute();

    await tx.insertInto('systemMenu').values(menuValues(MENU_SEED, audit)).execute();
    await tx
      .insertInto('systemRoleMenu')
      .values(OPERATOR_MENUS.map((menuId) => ({ ...t, roleId: ROLE.OPERATOR, menuId })))
      .execute();

    await tx
      .insertInto('systemDictType')
      .values(DICT_TYPE_SEED.map((d) => ({ ...audit, ...d, remark: null })))
      .execute();
    for (let i = 0; i < DICT_DATA_SEED.length; i += 100) {
      await tx
        .insertInto('systemDictData')
        .values(DICT_DATA_SEED.slice(i, i + 100).map((d) => ({ ...audit, ...d, remark: null })))
        .execute();
    }

    // The console's own OAuth2 client (`default`) comes with migration 017.
    await seedNotify(tx, now);
    await seedConfigAndNotices(tx, now);
    await seedOaLeave(tx, SEED_TENANT.id, now);
    await seedBpmSignResults(tx, now);
    await seedSms(tx, now);

    if (db.dialect === 'postgres') await resetSequences(tx);
  });
  return true;
};

/** Menu rows of the seed facts, as `system_menu` holds them (also for migrations adding menus later). */
export const menuValues = (
  rows: MenuSeedRow[],
  audit: { creator: string; updater: string; createTime: number; updateTime: number },
) =>
  rows.map(
    ([
      id,
      name,
      permission,
      type,
      sort,
      parentId,
      path,
      icon,
      component,
      componentName,
      visible,
      keepAlive,
      alwaysShow,
    ]) => ({
      ...audit,
      id,
      name,
      permission,
      type,
      sort,
      parentId,
      path: path === '#' ? '' : path,
      icon: icon === '#' ? '' : icon,
      component: component || null,
      componentName: componentName || null,
      status: 0,
      visible: visible ? 1 : 0,
      keepAlive: keepAlive ? 1 : 0,
      alwaysShow: alwaysShow ? 1 : 0,
    }),
  );

const HOUR = 60 * 60 * 1000;

/** Notify templates and a few messages, so the bell has something to show on a fresh start. */
export const NOTIFY_TEMPLATE_SEED = [
  {
    name: '系统维护通知',
    code: 'system_maintenance',
    nickname: '系统管理员',
    content: '系统将于 {time} 进行升级维护，预计持续 {duration}，请提前保存工作内容。',
    type: 1,
    params: ['time', 'duration'],
  },
  {
    name: '欢迎消息',
    code: 'user_welcome',
    nickname: '后台管理系统',
    content: '{name}，欢迎使用后台管理系统！您可以在个人中心完善资料、修改密码。',
    type: 2,
    params: ['name'],
  },
  {
    name: '待办提醒',
    code: 'todo_reminder',
    nickname: '工作提醒',
    content: '您有一条新的待办【{title}】，请及时处理。',
    type: 2,
    params: ['title'],
  },
  {
    name: '通知公告推送',
    code: 'notice_push',
    nickname: '系统管理员',
    content: '【{title}】{content}',
    type: 1,
    params: ['title', 'content'],
  },
] as const;

const seedNotify = async (tx: Kysely<Database>, now: number): Promise<void> => {
  const audit = { creator: '1', updater: '1', createTime: now, updateTime: now };
  const templates = await tx
    .insertInto('systemNotifyTemplate')
    .values(
      NOTIFY_TEMPLATE_SEED.map((t) => ({
        ...audit,
        name: t.name,
        code: t.code,
        nickname: t.nickname,
        content: t.content,
        type: t.type,
        params: JSON.stringify(t.params),
        status: 0,
        remark: null,
      })),
    )
    .returning(['id', 'code'])
    .execute();
  const byCode = new Map(templates.map((t) => [t.code, t.id]));
  // Oldest first, so ids and times agree. Admin: two read, three unread; the operator: one unread.
  const messages: {
    userId: number;
    code: string;
    params: Record<string, string>;
    hoursAgo: number;
    read: boolean;
  }[] = [
    {
      userId: 1,
      code: 'user_welcome',
      params: { name: SEED_ACCOUNTS.admin.nickname },
      hoursAgo: 72,
      read: true,
    },
    {
      userId: 2,
      code: 'user_welcome',
      params: { name: SEED_ACCOUNTS.operator.nickname },
      hoursAgo: 72,
      read: false,
    },
    { userId: 1, code: 'todo_reminder', params: { title: '核对本月用户权限' }, hoursAgo: 50, read: true },
    {
      userId: 1,
      code: 'system_maintenance',
      params: { time: '本周六 22:00', duration: '2 小时' },
      hoursAgo: 26,
      read: false,
    },
    { userId: 1, code: 'todo_reminder', params: { title: '审批 OA 请假申请' }, hoursAgo: 5, read: false },
    { userId: 1, code: 'todo_reminder', params: { title: '完善字典数据说明' }, hoursAgo: 1, read: false },
  ];
  await tx
    .insertInto('systemNotifyMessage')
    .values(
      messages.map((m) => {
        const template = NOTIFY_TEMPLATE_SEED.find((t) => t.code === m.code)!;
        const at = now - m.hoursAgo * HOUR;
        return {
          creator: '1',
          updater: '1',
          createTime: at,
          updateTime: at,
          tenantId: SEED_TENANT.id,
          userId: m.userId,
          userType: 2,
          templateId: byCode.get(m.code)!,
          templateCode: m.code,
          templateNickname: template.nickname,
          templateContent: renderTemplate(template.content, m.params),
          templateType: template.type,
          templateParams: JSON.stringify(m.params),
          readStatus: m.read ? 1 : 0,
          readTime: m.read ? at + HOUR : null,
        };
      }),
    )
    .execute();
};

/** The reference's built-in configuration row, and a first notice for the default tenant. */
const seedConfigAndNotices = async (tx: Kysely<Database>, now: number): Promise<void> => {
  const audit = { creator: '1', updater: '1', createTime: now, updateTime: now };
  await tx
    .insertInto('infraConfig')
    .values({
      ...audit,
      category: 'biz',
      type: 1,
      name: '用户管理-账号初始密码',
      configKey: 'sys.user.init-password',
      value: '123456',
      visible: 0,
      remark: '初始化密码 123456',
    })
    .execute();
  await tx
    .insertInto('systemNotice')
    .values({
      ...audit,
      tenantId: SEED_TENANT.id,
      title: '欢迎使用后台管理系统',
      content: '通知公告可在「系统管理 > 通知公告」中维护，并以站内信推送给本租户的用户。',
      type: 2,
      status: 0,
    })
    .execute();
};

/** Explicit ids leave PostgreSQL identity sequences behind; move them past the seeded rows. */
const resetSequences = async (tx: Kysely<Database>): Promise<void> => {
  for (const table of [
    'system_tenant',
    'system_dept',
    'system_post',
    'system_users',
    'system_role',
    'system_menu',
  ]) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
      tx,
    );
  }
};
