import {
  DICT_TYPE,
  GlobalError,
  USER_IMPORT_MAX_BYTES,
  userCreate,
  userDelete,
  userExport,
  userExportExcel,
  userGet,
  userImport,
  userImportTemplate,
  userListAllSimple,
  userPage,
  userSimpleList,
  userUpdate,
  userUpdatePassword,
  userUpdateStatus,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { badRequest, ServiceError } from '../../lib/errors.js';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { loadDictLabels, sendXlsx, UnreadableWorkbook } from '../../lib/crud/index.js';
import type { UserAdminService } from './admin-service.js';
import { parseImportSheet } from './import-excel.js';

/** Reads the multipart `file` (at most 2 MB) and the optional `updateSupport` form field. */
const readImportForm = async (
  request: FastifyRequest,
): Promise<{ content: Buffer; updateSupport: boolean | null }> => {
  if (!request.isMultipart()) throw new ServiceError(GlobalError.BAD_REQUEST.code, '请求参数缺失:file');
  let content: Buffer | null = null;
  let updateSupport: boolean | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: USER_IMPORT_MAX_BYTES, files: 1, fields: 5 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !content) content = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'updateSupport') {
        updateSupport = String(part.value) === 'true';
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('导入文件不能超过 2MB');
    if (code === 'FST_FILES_LIMIT') throw badRequest('只能上传一个文件');
    throw error;
  }
  if (!content) throw new ServiceError(GlobalError.BAD_REQUEST.code, '请求参数缺失:file');
  return { content, updateSupport };
};

const numbers = (byLabel: Map<string, string>) =>
  new Map([...byLabel].map(([label, value]) => [label, Number(value)]));

export const userAdminRoutes = (route: RouteRegistrar, ctx: AppContext, users: UserAdminService): void => {
  route(userPage, ({ user, query }) => users.page(user, query));
  route(userListAllSimple, ({ user }) => users.simpleList(user));
  route(userSimpleList, ({ user }) => users.simpleList(user));
  route(userGet, ({ user, query }) => users.get(user, query.id));
  route(userCreate, ({ user, body }) => users.create(user, body));
  route(userUpdate, ({ user, body }) => users.update(user, body));
  route(userDelete, ({ user, query }) => users.delete(user, query.id));
  route(userUpdatePassword, ({ user, body }) => users.updatePassword(user, body.id, body.password));
  route(userUpdateStatus, ({ user, body }) => users.updateStatus(user, body.id, body.status));
  for (const endpoint of [userExport, userExportExcel])
    route.raw(endpoint, async (req, reply) =>
      sendXlsx(reply, '用户数据.xlsx', await users.exportExcel(req.user, req.query)),
    );
  route.raw(userImportTemplate, async (_req, reply) =>
    sendXlsx(reply, '用户导入模板.xlsx', await users.importTemplate()),
  );
  route.raw(userImport, async (req, reply) => {
    const user = req.user;
    const form = await readImportForm(req.raw);
    const labels = await loadDictLabels(ctx.db.kysely, [DICT_TYPE.SYSTEM_USER_SEX, DICT_TYPE.COMMON_STATUS]);
    let rows;
    try {
      rows = await parseImportSheet(
        form.content,
        numbers(labels.byLabel(DICT_TYPE.SYSTEM_USER_SEX)),
        numbers(labels.byLabel(DICT_TYPE.COMMON_STATUS)),
      );
    } catch (error) {
      if (error instanceof UnreadableWorkbook) throw badRequest('导入文件不是有效的 .xlsx 文件');
      throw error;
    }
    const result = await users.importUsers(user, rows, form.updateSupport ?? req.query.updateSupport);
    return reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ code: 0, msg: '', data: result }));
  });
};
