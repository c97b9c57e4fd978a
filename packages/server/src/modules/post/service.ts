import type { PageResult, Post, PostSimple } from '@app/contract';
import {
  DICT_TYPE,
  PostError,
  type postCreateReq,
  type postPageReq,
  type postUpdateReq,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import { type PostChanges, type PostFilter, type PostRow, postRepository } from './repository.js';

const toPost = (row: PostRow): Post => ({
  id: row.id,
  code: row.code,
  name: row.name,
  sort: row.sort,
  status: row.status,
  remark: row.remark,
  createTime: row.createTime,
});

/** Posts (岗位) of the caller's tenant. */
export const postService = (ctx: AppContext) => {
  const repo = postRepository(ctx.db.kysely);

  const existing = async (user: LoginUser, id: number): Promise<PostRow> => {
    const row = await repo.findById(user.tenantId, id);
    if (!row) throw fail(PostError.POST_NOT_FOUND);
    return row;
  };

  const validateUnique = async (user: LoginUser, id: number | null, changes: PostChanges) => {
    const sameName = await repo.findBy(user.tenantId, 'name', changes.name);
    if (sameName && sameName.id !== id) throw fail(PostError.POST_NAME_DUPLICATE);
    const sameCode = await repo.findBy(user.tenantId, 'code', changes.code);
    if (sameCode && sameCode.id !== id) throw fail(PostError.POST_CODE_DUPLICATE);
  };

  return {
    async page(user: LoginUser, query: z.output<typeof postPageReq>): Promise<PageResult<Post>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.page(user.tenantId, filter, { pageNo, pageSize });
      return { list: list.map(toPost), total };
    },

    async simpleList(user: LoginUser): Promise<PostSimple[]> {
      return (await repo.listEnabled(user.tenantId)).map((r) => ({ id: r.id, name: r.name }));
    },

    get: async (user: LoginUser, id: number): Promise<Post> => toPost(await existing(user, id)),

    async create(user: LoginUser, body: z.output<typeof postCreateReq>): Promise<number> {
      await validateUnique(user, null, body);
      return repo.insert(user.tenantId, body, ctx.now(), user.id);
    },

    async update(user: LoginUser, body: z.output<typeof postUpdateReq>): Promise<boolean> {
      const { id, ...changes } = body;
      await existing(user, id);
      await validateUnique(user, id, changes);
      await repo.update(user.tenantId, id, changes, ctx.now(), user.id);
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await existing(user, id);
      await repo.softDelete(user.tenantId, id, ctx.now(), user.id);
      return true;
    },

    /** 岗位数据 as .xlsx: every matching post, with the status as its dictionary label. */
    async exportExcel(user: LoginUser, filter: PostFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo.list(user.tenantId, filter),
        loadDictLabels(ctx.db.kysely, [DICT_TYPE.COMMON_STATUS]),
      ]);
      return toXlsx<PostRow>(
        '岗位数据',
        [
          { header: '岗位序号', width: 10, value: (r) => r.id },
          { header: '岗位编码', value: (r) => r.code },
          { header: '岗位名称', value: (r) => r.name },
          { header: '岗位排序', width: 10, value: (r) => r.sort },
          { header: '状态', width: 10, value: (r) => label(DICT_TYPE.COMMON_STATUS, r.status) },
        ],
        rows,
      );
    },
  };
};

export type PostService = ReturnType<typeof postService>;
