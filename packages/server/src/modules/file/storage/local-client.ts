import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { FileClient } from './client.js';

/** Files under `baseDir` on this machine's disk; a path that would resolve outside it is refused. */
export const localFileClient = (baseDir: string): FileClient => {
  const root = resolve(baseDir);
  const at = (path: string): string => {
    const full = resolve(root, path);
    if (!full.startsWith(root + sep)) throw new Error('文件路径超出存储目录');
    return full;
  };
  return {
    async upload(path, source) {
      const target = at(path);
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.${Date.now()}.part`;
      // Moved into place in one step, so a reader never sees half a file.
      await copyFile(source.file, partial);
      await rename(partial, target);
    },
    async delete(path) {
      await rm(at(path), { force: true });
    },
    async read(path, pick) {
      const full = at(path);
      const info = await stat(full).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const range = pick(info.size);
      const stream = createReadStream(full, range ?? {});
      return { size: info.size, range, stream };
    },
  };
};
