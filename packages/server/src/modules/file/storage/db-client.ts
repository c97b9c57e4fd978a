import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { createdStamp, notDeleted } from '../../../lib/crud/index.js';
import type { FileClient } from './client.js';

/** The bytes of one `infra_file_content` row at most: no statement holds more of a file. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * Bytes in `infra_file_content` (the reference's database storage), in numbered chunks of 1 MiB:
 * a write reads the spooled file chunk by chunk, a read fetches only the chunks its range needs.
 */
export const dbFileClient = (db: Kysely<Database>, configId: number, now: () => number): FileClient => {
  const ofPath = (path: string) =>
    db.selectFrom('infraFileContent').where('configId', '=', configId).where('path', '=', path);
  return {
    // Chunks are written over in place and those past the new end removed after, rather than all
    // deleted first: two uploads of one path at once (the same bytes, as paths are named by content)
    // then wait for each other on the chunk's unique key instead of the second failing on it, on
    // PostgreSQL across instances too.
    async upload(path, source) {
      await db.transaction().execute(async (tx) => {
        const write = (chunkNo: number, content: Buffer) =>
          tx
            .insertInto('infraFileContent')
            .values({ ...createdStamp(now(), null), configId, path, chunkNo, content })
            .onConflict((oc) =>
              oc
                .columns(['configId', 'path', 'chunkNo'])
                .doUpdateSet({ content, deleted: 0, updateTime: now() }),
            )
            .execute();
        let chunkNo = 0;
        const chunks = createReadStream(source.file, { highWaterMark: CHUNK_BYTES });
        for await (const content of chunks as AsyncIterable<Buffer>) {
          await write(chunkNo, content);
          chunkNo += 1;
        }
        if (chunkNo === 0) await write(chunkNo++, Buffer.alloc(0));
        await tx
          .deleteFrom('infraFileContent')
          .where('configId', '=', configId)
          .where('path', '=', path)
          .where('chunkNo', '>=', chunkNo)
          .execute();
      });
    },
    async delete(path) {
      await db
        .deleteFrom('infraFileContent')
        .where('configId', '=', configId)
        .where('path', '=', path)
        .execute();
    },
    async read(path, pick) {
      const parts = await ofPath(path)
        .select(['chunkNo', sql<number | string>`length(content)`.as('length')])
        .where(notDeleted())
        .orderBy('chunkNo')
        .execute();
      if (parts.length === 0) return undefined;
      const lengths = parts.map((p) => Number(p.length));
      const size = lengths.reduce((a, b) => a + b, 0);
      const range = pick(size);
      const [start, end] = range ? [range.start, range.end] : [0, size - 1];
      async function* bytes() {
        let offset = 0;
        for (const [i, part] of parts.entries()) {
          const length = lengths[i]!;
          const from = offset;
          offset += length;
          if (offset <= start || from > end) continue;
          const row = await ofPath(path)
            .select('content')
            .where('chunkNo', '=', part.chunkNo)
            .executeTakeFirst();
          if (!row) throw new Error('文件内容已变化');
          const content = Buffer.from(row.content);
          yield content.subarray(Math.max(0, start - from), Math.min(length, end - from + 1));
        }
      }
      return { size, range, stream: Readable.from(bytes()) };
    },
  };
};
