import type {
  ExpressOrder,
  ExpressOrderDetail,
  ExpressOrderFilter,
  PageResult,
  TradeOrderExpressTrack,
} from '@app/contract';
import {
  DICT_TYPE,
  expOrderNextStatuses,
  TradeError,
  type expressOrderPageReq,
  type expressOrderUpdateStatusReq,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { formatArea } from '../../lib/area.js';
import { formatDateTime, loadDictLabels, notDeleted, toXlsx } from '../../lib/crud/index.js';
import { fail } from '../../lib/errors.js';
import { checkExportSize, EXPORT_MAX_ROWS } from '../../lib/export-limit.js';
import { expressOrderRepository, type ExpressOrderRow } from './express-order-repository.js';
import type { ExpressTracker } from './tracking.js';

const toExpressOrder = (row: ExpressOrderRow): ExpressOrder => ({
  ...row,
  receiverAreaName: formatArea(row.receiverAreaId) ?? '',
});

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * 快递管理: the shipments 发货 created, the status an operator records from the carrier (each change an
 * event), and a shipment's track: the provider's when one is configured, else the recorded events.
 */
export const expressOrderService = (ctx: AppContext, tracker: ExpressTracker | null) => {
  const db = ctx.db.kysely;
  const repo = expressOrderRepository(db);

  const existing = async (user: LoginUser, id: number): Promise<ExpressOrderRow> => {
    const row = await repo.findById(user.tenantId, id);
    if (!row) throw fail(TradeError.EXPRESS_ORDER_NOT_EXISTS);
    return row;
  };

  /** Newest first. */
  const tracksOf = async (tenantId: number, row: ExpressOrderRow): Promise<TradeOrderExpressTrack[]> => {
    if (tracker) {
      const com = await repo.expressCode(tenantId, row.expressId);
      if (com === undefined) throw fail(TradeError.EXPRESS_NOT_EXISTS);
      return tracker.track({ com, num: row.logisticsNo, phone: row.receiverMobile });
    }
    const events = await repo.events(tenantId, row.id);
    return events.map((e) => ({ time: e.createTime, content: e.content }));
  };

  return {
    async page(
      user: LoginUser,
      query: z.output<typeof expressOrderPageReq>,
    ): Promise<PageResult<ExpressOrder>> {
      const { pageNo, pageSize, ...filter } = query;
      const page = await repo.page(user.tenantId, filter, { pageNo, pageSize });
      return { list: page.list.map(toExpressOrder), total: page.total };
    },

    async get(user: LoginUser, id: number): Promise<ExpressOrderDetail> {
      const row = await existing(user, id);
      return { ...toExpressOrder(row), tracks: await tracksOf(user.tenantId, row) };
    },

    /** 物流轨迹 of an order: its shipment's track; none when it is not shipped or needs no logistics. */
    async orderTracks(user: LoginUser, orderId: number): Promise<TradeOrderExpressTrack[]> {
      const order = await db
        .selectFrom('tradeOrder')
        .select('id')
        .where('tenantId', '=', user.tenantId)
        .where('id', '=', orderId)
        .where(notDeleted())
        .executeTakeFirst();
      if (!order) throw fail(TradeError.ORDER_NOT_FOUND);
      const shipment = await repo.latestOfOrder(user.tenantId, orderId);
      return shipment ? tracksOf(user.tenantId, shipment) : [];
    },

    async updateStatus(
      user: LoginUser,
      body: z.output<typeof expressOrderUpdateStatusReq>,
    ): Promise<boolean> {
      const labels = await loadDictLabels(db, [DICT_TYPE.EXP_ORDER_STATUS]);
      const label = (status: number) => labels.label(DICT_TYPE.EXP_ORDER_STATUS, status);
      const content = body.content ?? `快递状态变为：${label(body.status)}`;
      // Another change may come between the read and the write: the conditional write then changes
      // nothing, and the request is judged again from where that change left the shipment.
      for (let attempt = 1; ; attempt++) {
        const row = await existing(user, body.id);
        if (!expOrderNextStatuses(row.status).includes(body.status))
          throw fail(TradeError.EXPRESS_ORDER_STATUS_CHANGE_INVALID, label(row.status), label(body.status));
        const change = { id: row.id, from: row.status, to: body.status, content };
        const changed = await db
          .transaction()
          .execute((tx) => repo.changeStatus(tx, user.tenantId, change, ctx.now(), user.id));
        if (changed) break;
        if (attempt >= 3)
          throw fail(TradeError.EXPRESS_ORDER_STATUS_CHANGE_INVALID, label(row.status), label(body.status));
      }
      return true;
    },

    /** 快递订单 as .xlsx: every matching shipment, newest first, codes as their dictionary labels. */
    async exportExcel(user: LoginUser, filter: ExpressOrderFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo
          .list(user.tenantId, filter, EXPORT_MAX_ROWS + 1)
          .then((list) => checkExportSize(list, '快递订单')),
        loadDictLabels(db, [DICT_TYPE.EXP_ORDER_STATUS, DICT_TYPE.EXP_ORDER_TYPE, DICT_TYPE.EXP_REFUND_FLAG]),
      ]);
      return toXlsx<ExpressOrderRow>(
        '快递订单',
        [
          { header: '编号', width: 10, value: (r) => r.id },
          { header: '订单号', width: 26, value: (r) => r.orderNo },
          { header: '快递公司', value: (r) => r.expressName },
          { header: '物流单号', width: 24, value: (r) => r.logisticsNo },
          { header: '快递类型', width: 12, value: (r) => label(DICT_TYPE.EXP_ORDER_TYPE, r.type) },
          { header: '快递状态', width: 12, value: (r) => label(DICT_TYPE.EXP_ORDER_STATUS, r.status) },
          { header: '退款标识', width: 12, value: (r) => label(DICT_TYPE.EXP_REFUND_FLAG, r.refundFlag) },
          { header: '运费（元）', width: 12, value: (r) => yuan(r.freight) },
          { header: '收件人', width: 12, value: (r) => r.receiverName },
          { header: '收件人手机', width: 14, value: (r) => r.receiverMobile },
          { header: '收件地区', width: 24, value: (r) => formatArea(r.receiverAreaId) ?? '' },
          { header: '详细地址', width: 30, value: (r) => r.receiverDetailAddress },
          {
            header: '签收时间',
            width: 20,
            value: (r) => (r.signTime === null ? null : formatDateTime(r.signTime)),
          },
          { header: '发货时间', width: 20, value: (r) => formatDateTime(r.createTime) },
        ],
        rows,
      );
    },
  };
};

export type ExpressOrderService = ReturnType<typeof expressOrderService>;
