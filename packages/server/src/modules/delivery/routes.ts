import {
  deliveryExpressCreate,
  deliveryExpressDelete,
  deliveryExpressExport,
  deliveryExpressGet,
  deliveryExpressListAllSimple,
  deliveryExpressPage,
  deliveryExpressUpdate,
  deliveryPriceQuery,
  expressTemplateCreate,
  expressTemplateDelete,
  expressTemplateExport,
  expressTemplateGet,
  expressTemplateListAllSimple,
  expressTemplatePage,
  expressTemplateUpdate,
} from '@app/contract';
import { sendXlsx } from '../../lib/crud/index.js';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { ExpressService } from './express-service.js';
import type { PriceQueryService } from './price-query-service.js';
import type { TemplateService } from './template-service.js';

export const deliveryRoutes = (
  route: RouteRegistrar,
  {
    expresses,
    templates,
    prices,
  }: { expresses: ExpressService; templates: TemplateService; prices: PriceQueryService },
): void => {
  route(deliveryExpressPage, ({ user, query }) => expresses.page(user, query));
  route(deliveryExpressListAllSimple, ({ user }) => expresses.listEnabled(user));
  route(deliveryExpressGet, ({ user, query }) => expresses.get(user, query.id));
  route(deliveryExpressCreate, ({ user, body }) => expresses.create(user, body));
  route(deliveryExpressUpdate, ({ user, body }) => expresses.update(user, body));
  route(deliveryExpressDelete, ({ user, query }) => expresses.delete(user, query.id));
  route.raw(deliveryExpressExport, async (req, reply) =>
    sendXlsx(reply, '快递公司.xlsx', await expresses.exportExcel(req.user, req.query)),
  );

  route(expressTemplatePage, ({ user, query }) => templates.page(user, query));
  route(expressTemplateListAllSimple, ({ user }) => templates.listSimple(user));
  route(expressTemplateGet, ({ user, query }) => templates.get(user, query.id));
  route(expressTemplateCreate, ({ user, body }) => templates.create(user, body));
  route(expressTemplateUpdate, ({ user, body }) => templates.update(user, body));
  route(expressTemplateDelete, ({ user, query }) => templates.delete(user, query.id));
  route.raw(expressTemplateExport, async (req, reply) =>
    sendXlsx(reply, '运费模板.xlsx', await templates.exportExcel(req.user, req.query)),
  );

  route(deliveryPriceQuery, ({ user, query }) => prices.query(user, query));
};
