import type { AppContext } from '../../context.js';
import { newSecretKey, secretBox, type SecretBox } from '../../lib/secret-box.js';

const KEY_NAME = 'mail-password';

/**
 * Seals and opens mail account passwords. The key is `SECRET_KEY` when set (keep it out of the
 * database in production); otherwise a random key generated once and kept in `infra_secret`, shared
 * by every instance on the same database.
 */
export const mailPasswordBox = (ctx: AppContext, env: NodeJS.ProcessEnv = process.env) => {
  let box: Promise<SecretBox> | null = null;

  const load = async (): Promise<SecretBox> => {
    if (env.SECRET_KEY) return secretBox(env.SECRET_KEY);
    const k = ctx.db.kysely;
    // Two instances starting together both insert; the first wins and both read its key.
    await k
      .insertInto('infraSecret')
      .values({ name: KEY_NAME, value: newSecretKey(), createTime: ctx.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await k
      .selectFrom('infraSecret')
      .select('value')
      .where('name', '=', KEY_NAME)
      .executeTakeFirstOrThrow();
    return secretBox(row.value);
  };

  const get = (): Promise<SecretBox> => {
    box ??= load().catch((error: unknown) => {
      box = null;
      throw error;
    });
    return box;
  };

  return {
    seal: async (plain: string): Promise<string> => (await get()).seal(plain),
    open: async (sealed: string): Promise<string> => (await get()).open(sealed),
  };
};

export type MailPasswordBox = ReturnType<typeof mailPasswordBox>;
