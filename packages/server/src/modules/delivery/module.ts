import { defineModule } from '../module.js';
import { expressService } from './express-service.js';
import { priceQueryService } from './price-query-service.js';
import { deliveryRoutes } from './routes.js';
import { templateRepository } from './template-repository.js';
import { templateService } from './template-service.js';

/** 配送管理: express companies, freight templates with their rules, and the freight query over them. */
export default defineModule(({ route, ctx }) => {
  const templateRows = templateRepository(ctx.db.kysely);
  deliveryRoutes(route, {
    expresses: expressService(ctx),
    templates: templateService(ctx, templateRows),
    prices: priceQueryService(templateRows),
  });
});
