import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { idParam, optionalNumberParam, readTimeRange, stringOrList, SMALLINT_RANGE } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';
import { MAX_PRICE_FEN } from './product-spu.js';

/*
 * 订单中心 › 配送管理: 快递公司 (/trade/delivery/express), 运费模版 (/trade/delivery/express-template),
 * and our 运费查询 (/trade/delivery/price-query), which prices a parcel with every enabled template by
 * the same calculation that prices orders.
 */

const { idQuery, textFilter, statusFilter, requiredText, statusField, bodyId } = adminFormFields;

/** The area id that stands for all of China in a template's regions: the default rule. */
export const ALL_CHINA_AREA_ID = 1;

/** trade_delivery_express_charge_mode: how a template counts what it charges for. */
export const ChargeMode = { COUNT: 1, WEIGHT: 2, VOLUME: 3 } as const;
export type ChargeModeValue = (typeof ChargeMode)[keyof typeof ChargeMode];
const CHARGE_MODES: readonly number[] = Object.values(ChargeMode);

/** Rules a template may hold of each kind, and regions a rule may list. */
export const MAX_TEMPLATE_RULES = 100;
export const MAX_RULE_AREAS = 500;

const createTimeFilter = {
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};

const sortField = (label: string) =>
  z
    .number({ error: `${label}不能为空` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能小于 0`)
    .max(999_999, `${label}不能超过 999999`);

const fen = (label: string) =>
  z
    .number({ error: `${label}不能为空` })
    .int(`${label}必须是整数（单位：分）`)
    .min(0, `${label}不能小于 0`)
    .max(MAX_PRICE_FEN, `${label}不能超过 1000 万元`);

// ---------- 快递公司 ----------

export const deliveryExpress = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  sort: z.number().int(),
  /** common_status: 0 开启, 1 关闭. */
  status: z.number().int(),
  createTime: epochMillis,
});
export type DeliveryExpress = z.output<typeof deliveryExpress>;

const expressFilter = {
  code: textFilter('快递公司编码', 64),
  name: textFilter('快递公司名称', 64),
  status: statusFilter,
  ...createTimeFilter,
};
const readExpressFilter = (raw: z.output<z.ZodObject<typeof expressFilter>>, ctx: z.RefinementCtx) => ({
  code: raw.code,
  name: raw.name,
  status: raw.status,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});
export type DeliveryExpressFilter = ReturnType<typeof readExpressFilter>;

export const deliveryExpressPageReq = pageParam
  .extend(expressFilter)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readExpressFilter(raw, ctx) }));
export type DeliveryExpressPageReq = z.input<typeof deliveryExpressPageReq>;
export const deliveryExpressExportReq = z.object(expressFilter).transform(readExpressFilter);

const expressBody = {
  code: requiredText('快递公司编码不能为空', 64, '快递公司编码长度不能超过64个字符').regex(
    /^[A-Za-z0-9_-]+$/,
    '快递公司编码只能包含字母、数字、下划线和中划线',
  ),
  name: requiredText('快递公司名称不能为空', 64, '快递公司名称长度不能超过64个字符'),
  logo: z
    .string({ error: '快递公司 logo 必须是文本' })
    .max(1024, '快递公司 logo 地址长度不能超过1024个字符')
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  sort: sortField('排序'),
  status: statusField,
};
export const deliveryExpressCreateReq = z.object(expressBody);
export type DeliveryExpressCreateReq = z.input<typeof deliveryExpressCreateReq>;
export const deliveryExpressUpdateReq = z.object({ id: bodyId('快递公司编号'), ...expressBody });
export type DeliveryExpressUpdateReq = z.input<typeof deliveryExpressUpdateReq>;

export const deliveryExpressSimple = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type DeliveryExpressSimple = z.output<typeof deliveryExpressSimple>;

const EXPRESS_TAG = '快递公司';

export const deliveryExpressPage = defineEndpoint({
  method: 'GET',
  path: '/trade/delivery/express/page',
  summary: '获得快递公司分页（编码、名称模糊，状态、创建时间过滤；按排序）',
  tag: EXPRESS_TAG,
  access: permission('trade:delivery:express:query'),
  query: deliveryExpressPageReq,
  data: pageResult(deliveryExpress),
});

export const deliveryExpressListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/trade/delivery/express/list-all-simple',
  summary: '获得启用的快递公司精简列表（发货与快递管理的筛选时选择）',
  tag: EXPRESS_TAG,
  access: permission(
    'trade:delivery:express:query',
    'trade:order:update',
    'trade:delivery:express-order:query',
  ),
  data: z.array(deliveryExpressSimple),
});

export const deliveryExpressGet = defineEndpoint({
  method: 'GET',
  path: '/trade/delivery/express/get',
  summary: '获得快递公司',
  tag: EXPRESS_TAG,
  access: permission('trade:delivery:express:query'),
  query: idQuery('快递公司编号'),
  data: deliveryExpress,
});

export const deliveryExpressCreate = defineEndpoint({
  method: 'POST',
  path: '/trade/delivery/express/create',
  summary: '创建快递公司，返回编号（编码不能重复）',
  tag: EXPRESS_TAG,
  access: permission('trade:delivery:express:create'),
  body: deliveryExpressCreateReq,
  data: z.number().int(),
});

export const deliveryExpressUpdate = defineEndpoint({
  method: 'PUT',
  path: '/trade/delivery/express/update',
  summary: '修改快递公司',
  tag: EXPRESS_TAG,
  access: permission('trade:delivery:express:update'),
  body: deliveryExpressUpdateReq,
  data: z.boolean(),
});

export const deliveryExpressDelete = defineEndpoint({
  method: 'DELETE',
  path: '/trade/delivery/express/delete',
  summary: '删除快递公司',
  tag: EXPRESS_TAG,
  access: permission('trade:delivery:express:delete'),
  query: idQuery('快递公司编号'),
  data: z.boolean(),
});

export const deliveryExpressExport = defineEndpoint({
  method: 'GET',
  path: '/trade/delivery/express/export-excel',
  summary: '导出快递公司 Excel（与分页相同的过滤）',
  tag: EXPRESS_TAG,
  access: permission('trade:delivery:express:export'),
  query: deliveryExpressExportReq,
  data: z.unknown(),
  response: 'binary',
});

// ---------- 运费模版 ----------

const chargeModeField = z
  .number({ error: '计费方式不能为空' })
  .refine((v) => CHARGE_MODES.includes(v), '计费方式只能是 1（按件）、2（按重量）或 3（按体积）');

/** Region ids of a rule: at least one, each a whole number (the server checks them against the area tree). */
const areaIdsField = z
  .array(z.number({ error: '区域编号必须是数字' }).int('区域编号格式不正确').positive('区域编号格式不正确'), {
    error: '区域不能为空',
  })
  .min(1, '区域不能为空')
  .max(MAX_RULE_AREAS, `一条规则最多选择 ${MAX_RULE_AREAS} 个区域`)
  .transform((ids) => [...new Set(ids)]);

/** A first or extra unit: pieces, kilograms or cubic metres by the charge mode; above zero. */
const unitField = (label: string) =>
  z
    .number({ error: `${label}不能为空` })
    .positive(`${label}必须大于 0`)
    .max(999_999, `${label}不能超过 999999`);

export const expressTemplateCharge = z.object({
  areaIds: areaIdsField,
  /** 首件 / 首重 (kg) / 首体积 (m³). */
  startCount: unitField('首件数量'),
  /** Fen. */
  startPrice: fen('起步价'),
  /** 续件 / 续重 (kg) / 续体积 (m³). */
  extraCount: unitField('续件数量'),
  /** Fen. */
  extraPrice: fen('续费'),
});
export type ExpressTemplateCharge = z.output<typeof expressTemplateCharge>;

export const expressTemplateFree = z.object({
  areaIds: areaIdsField,
  /** Free from this order amount (fen); 0: any amount. */
  freePrice: fen('包邮金额'),
  /** Free from this many pieces; 0: any count. */
  freeCount: z
    .number({ error: '包邮件数不能为空' })
    .int('包邮件数必须是整数')
    .min(0, '包邮件数不能小于 0')
    .max(999_999, '包邮件数不能超过 999999'),
});
export type ExpressTemplateFree = z.output<typeof expressTemplateFree>;

export const expressTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  /** trade_delivery_express_charge_mode. */
  chargeMode: z.number().int(),
  sort: z.number().int(),
  createTime: epochMillis,
});
export type ExpressTemplate = z.output<typeof expressTemplate>;

/** A saved rule's regions as answered: plain, as a response cannot be encoded through the request's transform. */
const savedAreaIds = z.array(z.number().int());

export const expressTemplateDetail = expressTemplate.extend({
  templateCharge: z.array(expressTemplateCharge.extend({ id: z.number().int(), areaIds: savedAreaIds })),
  templateFree: z.array(expressTemplateFree.extend({ id: z.number().int(), areaIds: savedAreaIds })),
});
export type ExpressTemplateDetail = z.output<typeof expressTemplateDetail>;

const templateFilter = {
  name: textFilter('模板名称', 64),
  chargeMode: optionalNumberParam('计费方式', { int: true, ...SMALLINT_RANGE }),
  ...createTimeFilter,
};
const readTemplateFilter = (raw: z.output<z.ZodObject<typeof templateFilter>>, ctx: z.RefinementCtx) => ({
  name: raw.name,
  chargeMode: raw.chargeMode,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});
export type ExpressTemplateFilter = ReturnType<typeof readTemplateFilter>;

export const expressTemplatePageReq = pageParam
  .extend(templateFilter)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readTemplateFilter(raw, ctx) }));
export type ExpressTemplatePageReq = z.input<typeof expressTemplatePageReq>;
export const expressTemplateExportReq = z.object(templateFilter).transform(readTemplateFilter);

const templateBody = {
  name: requiredText('模板名称不能为空', 64, '模板名称长度不能超过64个字符'),
  chargeMode: chargeModeField,
  sort: sortField('排序'),
  templateCharge: z
    .array(expressTemplateCharge, { error: '区域运费不能为空' })
    .min(1, '至少设置一条区域运费')
    .max(MAX_TEMPLATE_RULES, `区域运费最多 ${MAX_TEMPLATE_RULES} 条`),
  templateFree: z
    .array(expressTemplateFree, { error: '包邮区域必须是列表' })
    .max(MAX_TEMPLATE_RULES, `包邮区域最多 ${MAX_TEMPLATE_RULES} 条`)
    .nullish()
    .transform((v) => v ?? []),
};
export const expressTemplateCreateReq = z.object(templateBody);
export type ExpressTemplateCreateReq = z.input<typeof expressTemplateCreateReq>;
export type ExpressTemplateSave = z.output<typeof expressTemplateCreateReq>;
export const expressTemplateUpdateReq = z.object({ id: bodyId('运费模板编号'), ...templateBody });
export type ExpressTemplateUpdateReq = z.input<typeof expressTemplateUpdateReq>;

export const expressTemplateSimple = z.object({ id: z.number().int(), name: z.string() });

const TEMPLATE_TAG = '运费模版';

export const expressTemplatePage = defineEndpoint({
  method: 'GET',
  path: '/trade/delivery/express-template/page',
  summary: '获得运费模板分页（名称模糊，计费方式、创建时间过滤；按排序）',
  tag: TEMPLATE_TAG,
  access: permission('trade:delivery:express-template:query'),
  query: expressTemplatePageReq,
  data: pageResult(expressTemplate),
});

export const expressTemplateListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/trade/delivery/express-template/list-all-simple',
  summary: '获得运费模板精简列表（商品选择运费模板）',
  tag: TEMPLATE_TAG,
  access: permission('trade:delivery:express-template:query', 'product:spu:create', 'product:spu:update'),
  data: z.array(expressTemplateSimple),
});

export const expressTemplateGet = defineEndpoint({
  method: 'GET',
  path: '/trade/delivery/express-template/get',
  summary: '获得运费模板，含区域运费与包邮区域',
  tag: TEMPLATE_TAG,
  access: permission('trade:delivery:express-template:query'),
  query: idQuery('运费模板编号'),
  data: expressTemplateDetail,
});

export const expressTemplateCreate = defineEndpoint({
  method: 'POST',
  path: '/trade/delivery/express-template/create',
  summary: '创建运费模板，返回编号（名称不能重复）',
  tag: TEMPLATE_TAG,
  access: permission('trade:delivery:express-template:create'),
  body: expressTemplateCreateReq,
  data: z.number().int(),
});

export const expressTemplateUpdate = defineEndpoint({
  method: 'PUT',
  path: '/trade/delivery/express-template/update',
  summary: '修改运费模板（区域运费与包邮区域整体替换）',
  tag: TEMPLATE_TAG,
  access: permission('trade:delivery:express-template:update'),
  body: expressTemplateUpdateReq,
  data: z.boolean(),
});

export const expressTemplateDelete = defineEndpoint({
  method: 'DELETE',
  path: '/trade/delivery/express-template/delete',
  summary: '删除运费模板（没有商品使用时）',
  tag: TEMPLATE_TAG,
  access: permission('trade:delivery:express-template:delete'),
  query: idQuery('运费模板编号'),
  data: z.boolean(),
});

export const expressTemplateExport = defineEndpoint({
  method: 'GET',
  path: '/trade/delivery/express-template/export-excel',
  summary: '导出运费模板 Excel（与分页相同的过滤）',
  tag: TEMPLATE_TAG,
  access: permission('trade:delivery:express-template:export'),
  query: expressTemplateExportReq,
  data: z.unknown(),
  response: 'binary',
});

// ---------- 运费查询 (ours) ----------

/** A required number in a query string, within [min, max]. */
const numberParam = (
  label: string,
  unit: string,
  { min, max, int }: { min: number; max: number; int?: boolean },
) =>
  z.union([z.string(), z.number()], { error: `${label}不能为空` }).transform((v, ctx) => {
    const n = Number(v);
    if (String(v).trim() === '' || !Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `${label}不能为空` });
      return z.NEVER;
    }
    if ((int && !Number.isSafeInteger(n)) || n < min || n > max) {
      ctx.addIssue({
        code: 'custom',
        message: `${label}必须是 ${min} 到 ${max}${unit} 之间的${int ? '整数' : '数'}`,
      });
      return z.NEVER;
    }
    return n;
  });

/** The limits of a parcel the query prices. */
export const PARCEL_LIMITS = {
  weightKg: 10_000,
  sideCm: 1_000,
  count: 999_999,
} as const;

export const priceQueryReq = z.object({
  fromAreaId: idParam('发货地区'),
  toAreaId: idParam('收货地区'),
  /** Kilograms. */
  weight: numberParam('重量', ' kg', { min: 0, max: PARCEL_LIMITS.weightKg }),
  /** Centimetres. */
  length: numberParam('长', ' cm', { min: 0, max: PARCEL_LIMITS.sideCm }),
  width: numberParam('宽', ' cm', { min: 0, max: PARCEL_LIMITS.sideCm }),
  height: numberParam('高', ' cm', { min: 0, max: PARCEL_LIMITS.sideCm }),
  count: numberParam('件数', '', { min: 1, max: PARCEL_LIMITS.count, int: true }),
  /** The goods amount, fen: free-shipping rules by amount compare with it. */
  amount: numberParam('订单金额', ' 分', { min: 0, max: MAX_PRICE_FEN, int: true }),
});
export type PriceQueryReq = z.input<typeof priceQueryReq>;

/** What one template charges for the parcel, and how. */
export const freightQuote = z.object({
  templateId: z.number().int(),
  templateName: z.string(),
  chargeMode: z.number().int(),
  /** False when no rule of the template covers the destination: it does not deliver there. */
  deliverable: z.boolean(),
  /** Fen; null when not deliverable. */
  price: z.number().int().nullable(),
  /** What the template counts: pieces, kilograms, or cubic metres (from the size). */
  quantity: z.number(),
  /** The charge rule that covers the destination, and the region it matched by. */
  charge: z
    .object({
      matchedAreaId: z.number().int(),
      matchedAreaName: z.string(),
      startCount: z.number(),
      startPrice: z.number().int(),
      extraCount: z.number(),
      extraPrice: z.number().int(),
      /** Extra units beyond the first, each charged extraPrice. */
      extraUnits: z.number().int(),
    })
    .nullable(),
  /** The free-shipping rule that applied; null when none did. */
  free: z
    .object({
      matchedAreaId: z.number().int(),
      matchedAreaName: z.string(),
      freePrice: z.number().int(),
      freeCount: z.number().int(),
    })
    .nullable(),
});
export type FreightQuote = z.output<typeof freightQuote>;

export const priceQueryResp = z.object({
  fromAreaName: z.string(),
  toAreaName: z.string(),
  /** Cubic metres, from length × width × height. */
  volume: z.number(),
  /** Cheapest first; templates that do not deliver there last. */
  quotes: z.array(freightQuote),
});
export type PriceQueryResp = z.output<typeof priceQueryResp>;

export const deliveryPriceQuery = defineEndpoint({
  method: 'GET',
  path: '/trade/delivery/price-query',
  summary: '运费查询：按每个运费模板计算包裹的运费（与订单结算相同的计算），从低到高',
  tag: TEMPLATE_TAG,
  access: permission('trade:delivery:price-query:query'),
  query: priceQueryReq,
  data: priceQueryResp,
});
