import {
  AVATAR_MAX_BYTES,
  FileError,
  GlobalError,
  userProfileGet,
  userProfileUpdate,
  userProfileUpdateAvatar,
  userProfileUpdatePassword,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { fail, ServiceError } from '../../lib/errors.js';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { ProfileService } from './service.js';

const AVATAR_FIELD = 'avatarFile';

const missingFile = () => new ServiceError(GlobalError.BAD_REQUEST.code, `请求参数缺失:${AVATAR_FIELD}`);

/** Reads the `avatarFile` part of a multipart request into memory, refusing more than the size limit. */
const readAvatarFile = async (request: FastifyRequest): Promise<{ content: Buffer; fileName: string }> => {
  if (!request.isMultipart()) throw missingFile();
  let found: { content: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname === AVATAR_FIELD && !found) {
        found = { content: await part.toBuffer(), fileName: part.filename };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw fail(FileError.FILE_SIZE_EXCEED, AVATAR_MAX_BYTES / 1024 / 1024);
    if (code === 'FST_FILES_LIMIT')
      throw new ServiceError(GlobalError.BAD_REQUEST.code, `${GlobalError.BAD_REQUEST.msg}:只能上传一个文件`);
    throw error;
  }
  if (!found) throw missingFile();
  return found;
};

export const profileRoutes = (route: RouteRegistrar, profile: ProfileService): void => {
  route(userProfileGet, ({ user }) => profile.get(user));
  route(userProfileUpdate, ({ user, body }) => profile.update(user, body));
  route(userProfileUpdatePassword, ({ user, body }) =>
    profile.updatePassword(user, body.oldPassword, body.newPassword),
  );
  route.raw(userProfileUpdateAvatar, async (req, reply) => {
    const user = req.user;
    const { content, fileName } = await readAvatarFile(req.raw);
    const url = await profile.updateAvatar(user, content, fileName);
    return reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ code: 0, msg: '', data: url }));
  });
};
