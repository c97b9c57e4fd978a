import type { AdminUser, PageResult, UserImportResult, UserPageItem, UserSimple } from '@app/contract';
import {
  DeptError,
  DICT_TYPE,
  PostError,
  TenantError,
  UserError,
  type userCreateReq,
  type userExportReq,
  type userPageReq,
  type userUpdateReq,
} from '@app/contract';
import type { z } from 'zod';
import { STATUS_DISABLED, STATUS_ENABLED, type AppContext, type LoginUser } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { hashPassword } from '../../lib/crypto.js';
import { fail, ServiceError } from '../../lib/errors.js';
import { dataScopeOf, deptAndDescendants } from '../dept/data-scope.js';
import { deptRepository } from '../dept/repository.js';
import { formatDateTime, loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import { postRepository } from '../post/repository.js';
import { type UserChanges, type UserFilter, userAdminRepository } from './admin-repository.js';
import { IMPORT_COLUMNS, type ImportRow } from './import-excel.js';

const INIT_PASSWORD_KEY = 'sys.user.init-password';
const DEFAULT_INIT_PASSWORD = '123456';

const toAdminUser = (row: UserRow, postIds: number[]): AdminUser => ({
  id: row.id,
  username: row.username,
  nickname: row.nickname,
  remark: row.remark,
  deptId: row.deptId,
  postIds,
  email: row.email,
  mobile: row.mobile,
  sex: row.sex,
  avatar: row.avatar,
  status: row.status,
  loginIp: row.loginIp,
  loginDate: row.loginDate,
  createTime: row.createTime,
});

type UserFields = Pick<UserChanges, 'username' | 'mobile' | 'email' | 'deptId'> & { postIds?: number[] };

/** User administration of the caller's tenant, seen through the caller's data scope. */
export const userAdminService = (ctx: AppContext) => {
  const db = ctx.db.kysely;
  const repo = userAdminRepository(db, ctx.db.dialect);
  const depts = deptRepository(db);
  const posts = postRepository(db);
  const grantsChanged = () => ctx.bus.publish('permission');

  const visible = async (user: LoginUser, id: number): Promise<UserRow> => {
    const row = await repo.findVisible(user.tenantId, await dataScopeOf(db, user), id);
    if (!row) throw fail(UserError.USER_NOT_EXISTS);
    return row;
  };

  /** The reference's checks before a create or update: unique account data, usable department and posts. */
  const validate = async (tenantId: number, id: number | null, fields: UserFields): Promise<void> => {
    if (await repo.findOtherBy(tenantId, 'username', fields.username, id))
      throw fail(UserError.USER_USERNAME_EXISTS);
    if (fields.mobile && (await repo.findOtherBy(tenantId, 'mobile', fields.mobile, id)))
      throw fail(UserError.USER_MOBILE_EXISTS);
    if (fields.email && (await repo.findOtherBy(tenantId, 'email', fields.email, id)))
      throw fail(UserError.USER_EMAIL_EXISTS);
    if (fields.deptId !== null) {
      const dept = await depts.findById(tenantId, fields.deptId);
      if (!dept) throw fail(DeptError.DEPT_NOT_FOUND);
      if (dept.status !== STATUS_ENABLED) throw fail(DeptError.DEPT_NOT_ENABLE, dept.name);
    }
    if (fields.postIds && fields.postIds.length > 0) {
      const found = await posts.findByIds(tenantId, fields.postIds);
      if (found.length !== fields.postIds.length) throw fail(PostError.POST_NOT_FOUND);
      const disabled = found.find((p) => p.status !== STATUS_ENABLED);
      if (disabled) throw fail(PostError.POST_NOT_ENABLE, disabled.name);
    }
  };

  /** The tenant's account quota (`account_count`). */
  const checkQuota = async (tenantId: number): Promise<void> => {
    const tenant = await db
      .selectFrom('systemTenant')
      .select('accountCount')
      .where('id', '=', tenantId)
      .executeTakeFirst();
    if (!tenant) throw fail(TenantError.TENANT_NOT_EXISTS);
    if ((await repo.countOfTenant(tenantId)) >= tenant.accountCount)
      throw fail(UserError.USER_COUNT_MAX, tenant.accountCount);
  };

  const insertUser = async (
    user: LoginUser,
    fields: UserChanges & { status: number },
    password: string,
    postIds: number[],
  ): Promise<number> => {
    const now = ctx.now();
    return repo.insert(
      {
        ...fields,
        tenantId: user.tenantId,
        password: await hashPassword(password),
        loginIp: null,
        loginDate: null,
        creator: String(user.id),
        updater: String(user.id),
        createTime: now,
        updateTime: now,
      },
      postIds,
    );
  };

  const toFilter = async (tenantId: number, query: z.output<typeof userExportReq>): Promise<UserFilter> => ({
    username: query.username,
    mobile: query.mobile,
    status: query.status,
    createTime: query.createTime,
    deptIds:
      query.deptId === undefined ? undefined : deptAndDescendants(await depts.tree(tenantId), query.deptId),
  });

  return {
    async page(user: LoginUser, query: z.output<typeof userPageReq>): Promise<PageResult<UserPageItem>> {
      const { pageNo, pageSize, ...rest } = query;
      const scope = await dataScopeOf(db, user);
      const { list, total } = await repo.page(user.tenantId, scope, await toFilter(user.tenantId, rest), {
        pageNo,
        pageSize,
      });
      const [postIds, deptMap] = await Promise.all([
        repo.postIdsOf(
          user.tenantId,
          list.map((u) => u.id),
        ),
        repo.deptsByIds(user.tenantId, [
          ...new Set(list.flatMap((u) => (u.deptId === null ? [] : [u.deptId]))),
        ]),
      ]);
      return {
        list: list.map((row) => {
          const dept = row.deptId === null ? undefined : deptMap.get(row.deptId);
          return {
            ...toAdminUser(row, postIds.get(row.id) ?? []),
            dept: dept ? { id: dept.id, name: dept.name } : null,
          };
        }),
        total,
      };
    },

    async simpleList(user: LoginUser): Promise<UserSimple[]> {
      return repo.listEnabled(user.tenantId, await dataScopeOf(db, user));
    },

    async get(user: LoginUser, id: number): Promise<AdminUser> {
      const row = await visible(user, id);
      const postIds = await repo.postIdsOf(user.tenantId, [id]);
      return toAdminUser(row, postIds.get(id) ?? []);
    },

    async create(user: LoginUser, body: z.output<typeof userCreateReq>): Promise<number> {
      const { password, postIds, ...fields } = body;
      await checkQuota(user.tenantId);
      await validate(user.tenantId, null, { ...fields, postIds });
      return insertUser(user, { ...fields, status: STATUS_ENABLED }, password, postIds);
    },

    async update(user: LoginUser, body: z.output<typeof userUpdateReq>): Promise<boolean> {
      const { id, postIds, ...fields } = body;
      await visible(user, id);
      await validate(user.tenantId, id, { ...fields, postIds });
      await repo.update(user.tenantId, id, fields, postIds, ctx.now(), user.id);
      await grantsChanged();
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await visible(user, id);
      await repo.softDelete(user.tenantId, id, ctx.now(), user.id);
      await grantsChanged();
      return true;
    },

    async updatePassword(user: LoginUser, id: number, password: string): Promise<boolean> {
      await visible(user, id);
      await repo.update(
        user.tenantId,
        id,
        { password: await hashPassword(password) },
        null,
        ctx.now(),
        user.id,
      );
      return true;
    },

    async updateStatus(user: LoginUser, id: number, status: number): Promise<boolean> {
      await visible(user, id);
      await repo.update(user.tenantId, id, { status }, null, ctx.now(), user.id);
      await grantsChanged();
      return true;
    },

    /** 用户数据 as .xlsx: every matching user in the scope, dictionary values as labels. */
    async exportExcel(user: LoginUser, query: z.output<typeof userExportReq>): Promise<Buffer> {
      const scope = await dataScopeOf(db, user);
      const rows = await repo.list(user.tenantId, scope, await toFilter(user.tenantId, query));
      const [labels, deptMap] = await Promise.all([
        loadDictLabels(db, [DICT_TYPE.SYSTEM_USER_SEX, DICT_TYPE.COMMON_STATUS]),
        repo.deptsByIds(user.tenantId, [
          ...new Set(rows.flatMap((u) => (u.deptId === null ? [] : [u.deptId]))),
        ]),
      ]);
      const leaders = await repo.nicknamesByIds(
        user.tenantId,
        [...deptMap.values()].flatMap((d) => (d.leaderUserId === null ? [] : [d.leaderUserId])),
      );
      const deptOf = (row: UserRow) => (row.deptId === null ? undefined : deptMap.get(row.deptId));
      const label = (dictType: string, value: number | null) =>
        value === null ? '' : labels.label(dictType, value);
      return toXlsx<UserRow>(
        '用户数据',
        [
          { header: '用户编号', width: 10, value: (r) => r.id },
          { header: '用户名称', value: (r) => r.username },
          { header: '用户昵称', value: (r) => r.nickname },
          { header: '用户邮箱', width: 24, value: (r) => r.email },
          { header: '手机号码', value: (r) => r.mobile },
          { header: '用户性别', width: 10, value: (r) => label(DICT_TYPE.SYSTEM_USER_SEX, r.sex) },
          { header: '帐号状态', width: 10, value: (r) => label(DICT_TYPE.COMMON_STATUS, r.status) },
          { header: '最后登录IP', value: (r) => r.loginIp },
          {
            header: '最后登录时间',
            width: 20,
            value: (r) => (r.loginDate === null ? null : formatDateTime(r.loginDate)),
          },
          { header: '部门名称', value: (r) => deptOf(r)?.name ?? null },
          {
            header: '部门负责人',
            value: (r) => {
              const leader = deptOf(r)?.leaderUserId;
              return leader ? (leaders.get(leader) ?? null) : null;
            },
          },
        ],
        rows,
      );
    },

    /** The import template: the import columns and two example rows, dictionary values as labels. */
    async importTemplate(): Promise<Buffer> {
      const { label } = await loadDictLabels(db, [DICT_TYPE.SYSTEM_USER_SEX, DICT_TYPE.COMMON_STATUS]);
      const examples: ImportRow[] = [
        {
          username: 'zhangsan',
          nickname: '张三',
          deptId: 100,
          email: 'zhangsan@example.com',
          mobile: '13900000001',
          sex: 1,
          status: 0,
          error: null,
        },
        {
          username: 'lisi',
          nickname: '李四',
          deptId: 100,
          email: 'lisi@example.com',
          mobile: '13900000002',
          sex: 2,
          status: 1,
          error: null,
        },
      ];
      return toXlsx<ImportRow>(
        '用户导入模板',
        IMPORT_COLUMNS.map((c) => ({
          header: c.header,
          width: c.width,
          value: (r: ImportRow) => {
            const v = r[c.key];
            if (c.key === 'sex') return v === null ? null : label(DICT_TYPE.SYSTEM_USER_SEX, v);
            if (c.key === 'status') return v === null ? null : label(DICT_TYPE.COMMON_STATUS, v);
            return v;
          },
        })),
        examples,
      );
    },

    /**
     * Imports parsed rows: new usernames are created with the initial password (config
     * `sys.user.init-password`), existing ones updated only with `updateSupport`; every row is
     * reported under its username, failures with the reason.
     */
    async importUsers(user: LoginUser, rows: ImportRow[], updateSupport: boolean): Promise<UserImportResult> {
      if (rows.length === 0) throw fail(UserError.USER_IMPORT_LIST_IS_EMPTY);
      const result: UserImportResult = { createUsernames: [], updateUsernames: [], failureUsernames: {} };
      const initPassword = (await repo.configValue(INIT_PASSWORD_KEY)) ?? DEFAULT_INIT_PASSWORD;
      for (const row of rows) {
        const username = row.username ?? '';
        try {
          if (row.error !== null) throw new ServiceError(400, row.error);
          const fields = {
            username,
            nickname: row.nickname ?? username,
            deptId: row.deptId,
            email: row.email,
            mobile: row.mobile,
            sex: row.sex,
          };
          const existing = await repo.findOtherBy(user.tenantId, 'username', username, null);
          if (!existing) {
            await checkQuota(user.tenantId);
            await validate(user.tenantId, null, fields);
            await insertUser(
              user,
              { ...fields, remark: null, avatar: null, status: row.status ?? STATUS_ENABLED },
              initPassword,
              [],
            );
            result.createUsernames.push(username);
          } else if (!updateSupport) {
            throw fail(UserError.USER_USERNAME_EXISTS);
          } else {
            await validate(user.tenantId, existing.id, fields);
            const status =
              row.status === null
                ? {}
                : { status: row.status === STATUS_DISABLED ? STATUS_DISABLED : STATUS_ENABLED };
            await repo.update(user.tenantId, existing.id, { ...fields, ...status }, null, ctx.now(), user.id);
            result.updateUsernames.push(username);
          }
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          result.failureUsernames[username] = error.message;
        }
      }
      if (result.updateUsernames.length > 0) await grantsChanged();
      return result;
    },
  };
};

export type UserAdminService = ReturnType<typeof userAdminService>;
