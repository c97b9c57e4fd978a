import { BpmError, GlobalError } from '@app/contract';
import type { AppContext, LoginUser } from '../../../context.js';
import { fail } from '../../../lib/errors.js';
import { taskRepository } from '../task/repository.js';
import { type InstanceRow, instanceRepository } from './repository.js';

/**
 * The instance `id` of the caller's tenant if the caller may read it: its starter, or someone who
 * holds or held one of its tasks. Unknown: PROCESS_INSTANCE_NOT_EXISTS; anyone else: FORBIDDEN.
 */
export const readableInstance = async (
  ctx: AppContext,
  user: LoginUser,
  id: string,
): Promise<InstanceRow> => {
  const instance = await instanceRepository(ctx.db.kysely).findById(user.tenantId, id);
  if (!instance) throw fail(BpmError.PROCESS_INSTANCE_NOT_EXISTS);
  if (instance.startUserId === user.id) return instance;
  if (await taskRepository(ctx.db.kysely).isHolder(user.tenantId, id, user.id)) return instance;
  throw fail(GlobalError.FORBIDDEN);
};
