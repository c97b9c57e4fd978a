import type { AppContext } from '../context.js';
import { newSecretKey } from './secret-box.js';

/**
 * Key material for one purpose (`name`): derived from `SECRET_KEY` when set (keep it out of the
 * database in production), otherwise a random key generated once and kept in `infra_secret` under
 * `name`, shared by every instance on the same database. Read once; a failed read is tried again.
 */
export const storedKeyMaterial = (
  ctx: AppContext,
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): (() => Promise<string>) => {
  let material: Promise<string> | null = null;

  const load = async (): Promise<string> => {
    // The purpose is part of the material, so that one SECRET_KEY yields a different key per use.
    if (env.SECRET_KEY) return `${env.SECRET_KEY}#${name}`;
    const k = ctx.db.kysely;
    // Two instances starting together both insert; the first wins and both read its key.
    await k
      .insertInto('infraSecret')
      .values({ name, value: newSecretKey(), createTime: ctx.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await k
      .selectFrom('infraSecret')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  };

  return () => {
    material ??= load().catch((error: unknown) => {
      material = null;
      throw error;
    });
    return material;
  };
};
