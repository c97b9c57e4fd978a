import {
  codegenCreateList,
  codegenDbTableList,
  codegenDelete,
  codegenDetailGet,
  codegenDownload,
  codegenPreview,
  codegenSyncFromDb,
  codegenTableList,
  codegenTablePage,
  codegenUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { CodegenService } from './service.js';

export const codegenRoutes = (route: RouteRegistrar, codegen: CodegenService): void => {
  route(codegenDbTableList, ({ query }) =>
    codegen.databaseTables(query.dataSourceConfigId, query.name, query.comment),
  );
  route(codegenTableList, ({ query }) => codegen.tableList(query.dataSourceConfigId));
  route(codegenTablePage, ({ query }) => codegen.page(query));
  route(codegenDetailGet, ({ query }) => codegen.detail(query.tableId));
  route(codegenCreateList, ({ user, body }) =>
    codegen.createList(user, body.dataSourceConfigId, body.tableNames),
  );
  route(codegenUpdate, ({ user, body }) => codegen.update(user, body));
  route(codegenSyncFromDb, ({ user, query }) => codegen.syncFromDb(user, query.tableId));
  route(codegenDelete, ({ user, query }) => codegen.delete(user, query.tableId));
  route(codegenPreview, ({ query }) => codegen.preview(query.tableId));
  route.raw(codegenDownload, async ({ query }, reply) => {
    const { tableName, zip } = await codegen.download(query.tableId);
    return reply
      .header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(`codegen-${tableName}.zip`)}`,
      )
      .header('cache-control', 'no-store')
      .type('application/zip')
      .send(Buffer.from(zip));
  });
};
