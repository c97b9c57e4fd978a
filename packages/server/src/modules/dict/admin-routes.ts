import {
  dictDataByType,
  dictDataCreate,
  dictDataDelete,
  dictDataExport,
  dictDataExportExcel,
  dictDataGet,
  dictDataPage,
  dictDataUpdate,
  dictTypeCreate,
  dictTypeDelete,
  dictTypeExport,
  dictTypeExportExcel,
  dictTypeGet,
  dictTypeListAllSimple,
  dictTypePage,
  dictTypeUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { DictAdminService } from './admin-service.js';
import { sendXlsx } from '../../lib/crud/index.js';

export const dictAdminRoutes = (route: RouteRegistrar, dicts: DictAdminService): void => {
  route(dictTypePage, ({ query }) => dicts.pageTypes(query));
  route(dictTypeGet, ({ query }) => dicts.getType(query.id));
  route(dictTypeCreate, ({ user, body }) => dicts.createType(user, body));
  route(dictTypeUpdate, ({ user, body }) => dicts.updateType(user, body));
  route(dictTypeDelete, ({ user, query }) => dicts.deleteType(user, query.id));
  route(dictTypeListAllSimple, () => dicts.listAllTypesSimple());
  for (const endpoint of [dictTypeExport, dictTypeExportExcel])
    route.raw(endpoint, async ({ query }, reply) =>
      sendXlsx(reply, '字典类型.xlsx', await dicts.exportTypes(query)),
    );

  route(dictDataPage, ({ query }) => dicts.pageData(query));
  route(dictDataGet, ({ query }) => dicts.getData(query.id));
  route(dictDataByType, ({ raw }) => dicts.listEnabledOfType((raw.params as { type: string }).type));
  route(dictDataCreate, ({ user, body }) => dicts.createData(user, body));
  route(dictDataUpdate, ({ user, body }) => dicts.updateData(user, body));
  route(dictDataDelete, ({ user, query }) => dicts.deleteData(user, query.id));
  for (const endpoint of [dictDataExport, dictDataExportExcel])
    route.raw(endpoint, async ({ query }, reply) =>
      sendXlsx(reply, '字典数据.xlsx', await dicts.exportData(query)),
    );
};
