import type {
  DeliveryExpress,
  DeliveryExpressFilter,
  DeliveryExpressSimple,
  PageResult,
} from '@app/contract';
import {
  DICT_TYPE,
  TradeError,
  type deliveryExpressCreateReq,
  type deliveryExpressPageReq,
  type deliveryExpressUpdateReq,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { formatDateTime, loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import { fail } from '../../lib/errors.js';
import { checkExportSize, EXPORT_MAX_ROWS } from '../../lib/export-limit.js';
import { type ExpressChanges, type ExpressRow, expressRepository } from './express-repository.js';

/** 快递公司 of the caller's tenant; codes are unique. */
export const expressService = (ctx: AppContext) => {
  const repo = expressRepository(ctx.db.kysely);

  const existing = async (user: LoginUser, id: number): Promise<ExpressRow> => {
    const row = await repo.findById(user.tenantId, id);
    if (!row) throw fail(TradeError.EXPRESS_NOT_EXISTS);
    return row;
  };

  const validateCode = async (user: LoginUser, id: number | null, changes: ExpressChanges) => {
    const same = await repo.findByCode(user.tenantId, changes.code);
    if (same && same.id !== id) throw fail(TradeError.EXPRESS_CODE_DUPLICATE);
  };

  return {
    async page(
      user: LoginUser,
      query: z.output<typeof deliveryExpressPageReq>,
    ): Promise<PageResult<DeliveryExpress>> {
      const { pageNo, pageSize, ...filter } = query;
      return repo.page(user.tenantId, filter, { pageNo, pageSize });
    },

    /** The enabled companies, for choosing one when shipping. */
    listEnabled: (user: LoginUser): Promise<DeliveryExpressSimple[]> => repo.listEnabled(user.tenantId),

    get: existing,

    async create(user: LoginUser, body: z.output<typeof deliveryExpressCreateReq>): Promise<number> {
      await validateCode(user, null, body);
      return repo.insert(user.tenantId, body, ctx.now(), user.id);
    },

    async update(user: LoginUser, body: z.output<typeof deliveryExpressUpdateReq>): Promise<boolean> {
      const { id, ...changes } = body;
      await existing(user, id);
      await validateCode(user, id, changes);
      await repo.update(user.tenantId, id, changes, ctx.now(), user.id);
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await existing(user, id);
      await repo.softDelete(user.tenantId, id, ctx.now(), user.id);
      return true;
    },

    /** 快递公司 as .xlsx: every matching company, the status as its dictionary label. */
    async exportExcel(user: LoginUser, filter: DeliveryExpressFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo
          .list(user.tenantId, filter, EXPORT_MAX_ROWS + 1)
          .then((list) => checkExportSize(list, '快递公司')),
        loadDictLabels(ctx.db.kysely, [DICT_TYPE.COMMON_STATUS]),
      ]);
      return toXlsx<ExpressRow>(
        '快递公司',
        [
          { header: '编号', width: 10, value: (r) => r.id },
          { header: '快递公司编码', value: (r) => r.code },
          { header: '快递公司名称', value: (r) => r.name },
          { header: '快递公司 logo', width: 40, value: (r) => r.logo ?? '' },
          { header: '排序', width: 10, value: (r) => r.sort },
          { header: '状态', width: 10, value: (r) => label(DICT_TYPE.COMMON_STATUS, r.status) },
          { header: '创建时间', width: 20, value: (r) => formatDateTime(r.createTime) },
        ],
        rows,
      );
    },
  };
};

export type ExpressService = ReturnType<typeof expressService>;
