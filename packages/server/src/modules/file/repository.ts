import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notDeleted, createdStamp } from '../../lib/crud/index.js';

export const fileRepository = (db: Kysely<Database>) => ({
  /** Stores a file's record and, unless the same content is stored already, its bytes. */
  async insert(file: {
    configId: number;
    name: string;
    path: string;
    url: string;
    type: string;
    content: Buffer;
    creator: string | null;
    at: number;
  }): Promise<void> {
    const audit = createdStamp(file.at, file.creator);
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('infraFileContent')
        .values({ ...audit, configId: file.configId, path: file.path, content: file.content })
        .onConflict((oc) => oc.columns(['configId', 'path']).doNothing())
        .execute();
      await tx
        .insertInto('infraFile')
        .values({
          ...audit,
          configId: file.configId,
          name: file.name,
          path: file.path,
          url: file.url,
          type: file.type,
          size: file.content.length,
        })
        .execute();
    });
  },

  async content(configId: number, path: string): Promise<Buffer | undefined> {
    const row = await db
      .selectFrom('infraFileContent')
      .select('content')
      .where('configId', '=', configId)
      .where('path', '=', path)
      .where(notDeleted())
      .executeTakeFirst();
    return row ? Buffer.from(row.content) : undefined;
  },
});
