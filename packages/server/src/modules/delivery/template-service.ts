import type {
  ExpressTemplate,
  ExpressTemplateDetail,
  ExpressTemplateFilter,
  ExpressTemplateSave,
  PageResult,
} from '@app/contract';
import {
  ALL_CHINA_AREA_ID,
  DICT_TYPE,
  TradeError,
  type expressTemplatePageReq,
  type expressTemplateUpdateReq,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { findArea } from '../../lib/area.js';
import { formatDateTime, loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import { fail } from '../../lib/errors.js';
import { checkExportSize, EXPORT_MAX_ROWS } from '../../lib/export-limit.js';
import type {
  TemplateRepository,
  TemplateRow,
  TemplateRules,
  TemplateValues,
} from './template-repository.js';

/** The template's own fields and its rules, after every region is checked against the area tree. */
const prepare = (body: ExpressTemplateSave): { values: TemplateValues; rules: TemplateRules } => {
  const rules = { charges: body.templateCharge, frees: body.templateFree };
  for (const rule of [...rules.charges, ...rules.frees])
    for (const areaId of rule.areaIds)
      if (areaId !== ALL_CHINA_AREA_ID && !findArea(areaId))
        throw fail(TradeError.EXPRESS_TEMPLATE_AREA_NOT_EXISTS, areaId);
  return { values: { name: body.name, chargeMode: body.chargeMode, sort: body.sort }, rules };
};

/** 运费模版 of the caller's tenant, with their charge and free-shipping rules; names are unique. */
export const templateService = (ctx: AppContext, repo: TemplateRepository) => {
  const existing = async (user: LoginUser, id: number): Promise<TemplateRow> => {
    const row = await repo.findById(user.tenantId, id);
    if (!row) throw fail(TradeError.EXPRESS_TEMPLATE_NOT_EXISTS);
    return row;
  };

  const validateName = async (user: LoginUser, id: number | null, name: string) => {
    const same = await repo.findByName(user.tenantId, name);
    if (same && same.id !== id) throw fail(TradeError.EXPRESS_TEMPLATE_NAME_DUPLICATE);
  };

  return {
    async page(
      user: LoginUser,
      query: z.output<typeof expressTemplatePageReq>,
    ): Promise<PageResult<ExpressTemplate>> {
      const { pageNo, pageSize, ...filter } = query;
      return repo.page(user.tenantId, filter, { pageNo, pageSize });
    },

    async listSimple(user: LoginUser): Promise<{ id: number; name: string }[]> {
      const rows = await repo.list(user.tenantId, {}, Number.MAX_SAFE_INTEGER);
      return rows.map(({ id, name }) => ({ id, name }));
    },

    async get(user: LoginUser, id: number): Promise<ExpressTemplateDetail> {
      const row = await existing(user, id);
      const [charges, frees] = await Promise.all([
        repo.charges(user.tenantId, id),
        repo.frees(user.tenantId, id),
      ]);
      return {
        ...row,
        templateCharge: charges.map(({ templateId: _template, ...rule }) => rule),
        templateFree: frees.map(({ templateId: _template, ...rule }) => rule),
      };
    },

    async create(user: LoginUser, body: ExpressTemplateSave): Promise<number> {
      const { values, rules } = prepare(body);
      await validateName(user, null, values.name);
      return repo.insert(user.tenantId, values, rules, ctx.now(), user.id);
    },

    async update(user: LoginUser, body: z.output<typeof expressTemplateUpdateReq>): Promise<boolean> {
      await existing(user, body.id);
      const { values, rules } = prepare(body);
      await validateName(user, body.id, values.name);
      if (!(await repo.update(user.tenantId, body.id, values, rules, ctx.now(), user.id)))
        throw fail(TradeError.EXPRESS_TEMPLATE_NOT_EXISTS);
      return true;
    },

    /** The template and its rules. */
    async delete(user: LoginUser, id: number): Promise<boolean> {
      await existing(user, id);
      if (await repo.usedByProducts(user.tenantId, id)) throw fail(TradeError.EXPRESS_TEMPLATE_IN_USE);
      await repo.softDelete(user.tenantId, id, ctx.now(), user.id);
      return true;
    },

    /** 运费模板 as .xlsx: every matching template, the charge mode as its dictionary label. */
    async exportExcel(user: LoginUser, filter: ExpressTemplateFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo
          .list(user.tenantId, filter, EXPORT_MAX_ROWS + 1)
          .then((list) => checkExportSize(list, '运费模板')),
        loadDictLabels(ctx.db.kysely, [DICT_TYPE.TRADE_DELIVERY_EXPRESS_CHARGE_MODE]),
      ]);
      return toXlsx<TemplateRow>(
        '运费模板',
        [
          { header: '编号', width: 10, value: (r) => r.id },
          { header: '模板名称', width: 24, value: (r) => r.name },
          {
            header: '计费方式',
            width: 10,
            value: (r) => label(DICT_TYPE.TRADE_DELIVERY_EXPRESS_CHARGE_MODE, r.chargeMode),
          },
          { header: '排序', width: 10, value: (r) => r.sort },
          { header: '创建时间', width: 20, value: (r) => formatDateTime(r.createTime) },
        ],
        rows,
      );
    },
  };
};

export type TemplateService = ReturnType<typeof templateService>;
