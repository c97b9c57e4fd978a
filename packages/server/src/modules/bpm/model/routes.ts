import {
  BPM_MODEL_IMPORT_MAX_BYTES,
  bpmModelCreate,
  bpmModelCreateReq,
  bpmModelDelete,
  bpmModelDeploy,
  bpmModelGet,
  bpmModelImport,
  bpmModelPage,
  bpmModelUpdate,
  bpmModelUpdateState,
  GlobalError,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ServiceError } from '../../../lib/errors.js';
import type { RouteRegistrar } from '../../../plugins/routes.js';
import type { BpmModelService } from './service.js';

const FILE_FIELD = 'bpmnFile';

const badRequest = (detail: string) =>
  new ServiceError(GlobalError.BAD_REQUEST.code, `${GlobalError.BAD_REQUEST.msg}:${detail}`);

/** Reads import's multipart form: the text fields of create and the `bpmnFile` (UTF-8 XML). */
const readImportForm = async (
  request: FastifyRequest,
): Promise<{ fields: z.output<typeof bpmModelCreateReq>; bpmnXml: string }> => {
  if (!request.isMultipart())
    throw new ServiceError(GlobalError.BAD_REQUEST.code, `请求参数缺失:${FILE_FIELD}`);
  const values: Record<string, string> = {};
  let content: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: BPM_MODEL_IMPORT_MAX_BYTES, files: 1, fields: 10 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname === FILE_FIELD && !content) content = await part.toBuffer();
        else part.file.resume();
      } else {
        values[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('BPMN 文件不能超过 1MB');
    if (code === 'FST_FILES_LIMIT') throw badRequest('只能上传一个文件');
    throw error;
  }
  const parsed = bpmModelCreateReq.safeParse(values);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '参数格式不正确');
  if (!content || content.length === 0)
    throw new ServiceError(GlobalError.BAD_REQUEST.code, `请求参数缺失:${FILE_FIELD}`);
  return { fields: parsed.data, bpmnXml: content.toString('utf8') };
};

export const bpmModelRoutes = (route: RouteRegistrar, models: BpmModelService): void => {
  route(bpmModelPage, ({ user, query }) => models.page(user, query));
  route(bpmModelGet, ({ user, query }) => models.get(user, query.id));
  route(bpmModelCreate, ({ user, body }) => models.create(user, body));
  route(bpmModelUpdate, ({ user, body }) => models.update(user, body));
  route(bpmModelDeploy, ({ user, query }) => models.deploy(user, query.id));
  route(bpmModelUpdateState, ({ user, body }) => models.updateState(user, body.id, body.state));
  route(bpmModelDelete, ({ user, query }) => models.delete(user, query.id));
  route.raw(bpmModelImport, async (req, reply) => {
    const user = req.user;
    const { fields, bpmnXml } = await readImportForm(req.raw);
    const id = await models.import(user, fields, bpmnXml);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify({ code: 0, msg: '', data: id }));
  });
};
