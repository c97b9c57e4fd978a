import { defineModule } from '../module.js';
import { brandService } from './brand-service.js';
import { categoryService } from './category-service.js';
import { propertyService } from './property-service.js';
import { productRoutes } from './routes.js';
import { spuRepository } from './spu-repository.js';
import { spuService } from './spu-service.js';

/** 商品中心: categories, brands, properties and their values, SPUs with their SKUs. */
export default defineModule(({ route, ctx }) => {
  // The catalogue's parts check each other against the SPUs (a category or value in use stays).
  const spuRows = spuRepository(ctx.db.kysely);
  const categories = categoryService(ctx, spuRows);
  const brands = brandService(ctx, spuRows);
  const properties = propertyService(ctx, spuRows);
  const spus = spuService(ctx, spuRows, { categories, brands, properties });
  productRoutes(route, { categories, brands, properties, spus });
});
