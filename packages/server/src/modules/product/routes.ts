import {
  productBrandCreate,
  productBrandDelete,
  productBrandGet,
  productBrandList,
  productBrandPage,
  productBrandUpdate,
  productCategoryCreate,
  productCategoryDelete,
  productCategoryGet,
  productCategoryList,
  productCategoryUpdate,
  productPropertyCreate,
  productPropertyDelete,
  productPropertyGet,
  productPropertyList,
  productPropertyPage,
  productPropertyUpdate,
  productPropertyValueCreate,
  productPropertyValueDelete,
  productPropertyValueGet,
  productPropertyValueList,
  productPropertyValueListByIds,
  productPropertyValuePage,
  productPropertyValueUpdate,
  productSkuOptionList,
  productSpuCount,
  productSpuCreate,
  productSpuDelete,
  productSpuDetailGet,
  productSpuExport,
  productSpuListAllSimple,
  productSpuPage,
  productSpuSimpleList,
  productSpuUpdate,
  productSpuUpdateStatus,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { BrandService } from './brand-service.js';
import type { CategoryService } from './category-service.js';
import type { PropertyService } from './property-service.js';
import type { SpuService } from './spu-service.js';

export const productRoutes = (
  route: RouteRegistrar,
  {
    categories,
    brands,
    properties,
    spus,
  }: { categories: CategoryService; brands: BrandService; properties: PropertyService; spus: SpuService },
): void => {
  route(productCategoryList, ({ user, query }) => categories.list(user, query));
  route(productCategoryGet, ({ user, query }) => categories.get(user, query.id));
  route(productCategoryCreate, ({ user, body }) => categories.create(user, body));
  route(productCategoryUpdate, ({ user, body }) => categories.update(user, body));
  route(productCategoryDelete, ({ user, query }) => categories.delete(user, query.id));

  route(productBrandPage, ({ user, query }) => brands.page(user, query));
  route(productBrandList, ({ user, query }) => brands.list(user, query));
  route(productBrandGet, ({ user, query }) => brands.get(user, query.id));
  route(productBrandCreate, ({ user, body }) => brands.create(user, body));
  route(productBrandUpdate, ({ user, body }) => brands.update(user, body));
  route(productBrandDelete, ({ user, query }) => brands.delete(user, query.id));

  route(productPropertyPage, ({ user, query }) => properties.page(user, query));
  route(productPropertyList, ({ user, query }) => properties.list(user, query));
  route(productPropertyGet, ({ user, query }) => properties.get(user, query.id));
  route(productPropertyCreate, ({ user, body }) => properties.create(user, body));
  route(productPropertyUpdate, ({ user, body }) => properties.update(user, body));
  route(productPropertyDelete, ({ user, query }) => properties.delete(user, query.id));
  route(productPropertyValueList, ({ user, query }) =>
    properties.listWithValues(user, { name: query.name, ids: query.propertyIds }),
  );
  route(productPropertyValueListByIds, ({ user, body }) =>
    properties.listWithValues(user, { name: body.name, ids: body.propertyIds }),
  );
  route(productPropertyValuePage, ({ user, query }) => properties.valuePage(user, query));
  route(productPropertyValueGet, ({ user, query }) => properties.getValue(user, query.id));
  route(productPropertyValueCreate, ({ user, body }) => properties.createValue(user, body));
  route(productPropertyValueUpdate, ({ user, body }) => properties.updateValue(user, body));
  route(productPropertyValueDelete, ({ user, query }) => properties.deleteValue(user, query.id));

  route(productSpuPage, ({ user, query }) => spus.page(user, query));
  route(productSpuCount, ({ user }) => spus.countByTab(user));
  route(productSpuDetailGet, ({ user, query }) => spus.detail(user, query.id));
  route(productSpuSimpleList, ({ user }) => spus.simpleList(user));
  route(productSpuListAllSimple, ({ user }) => spus.simpleList(user));
  route(productSkuOptionList, ({ user }) => spus.skuOptions(user));
  route(productSpuCreate, ({ user, body }) => spus.create(user, body));
  route(productSpuUpdate, ({ user, body }) => spus.update(user, body));
  route(productSpuUpdateStatus, ({ user, body }) => spus.updateStatus(user, body));
  route(productSpuDelete, ({ user, query }) => spus.delete(user, query.id));
  route.raw(productSpuExport, async (req, reply) =>
    sendXlsx(reply, '商品.xlsx', await spus.exportExcel(req.user, req.query)),
  );
};
