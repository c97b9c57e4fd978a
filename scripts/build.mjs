// Builds what is missing or stale: the contract and server (incremental tsc -b) and the web app
// (Vite, only when a web or contract source is newer than the last build or the base path changed),
// then precompresses the web app with brotli and gzip for the server to send as is.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bin, root, run } from './lib.mjs';

const webDir = join(root, 'packages/web');
const webDist = join(webDir, 'dist');
const stamp = join(webDist, '.build-info.json');
const basePath = process.env.BASE_PATH ?? '/';

const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(path)
      .filter((n) => n !== 'node_modules' && n !== 'dist')
      .map((n) => newestMtime(join(path, n))),
  );
};

const webIsStale = () => {
  if (!existsSync(stamp)) return true;
  const info = JSON.parse(readFileSync(stamp, 'utf8'));
  if (info.basePath !== basePath) return true;
  const sources = [webDir, join(root, 'packages/contract/src'), join(root, 'package-lock.json')];
  return Math.max(...sources.map(newestMtime)) > info.builtAt;
};

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const precompress = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) precompress(file);
    else if (COMPRESSIBLE.test(name)) {
      const body = readFileSync(file);
      if (body.length < 1024) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
  }
};

export const build = async () => {
  if ((await run(bin('tsc'), ['-b', 'packages/contract', 'packages/server'])) !== 0) return 1;
  if (!webIsStale()) return 0;
  const startedAt = Date.now();
  console.info(`构建前端（BASE_PATH=${basePath}）…`);
  if ((await run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: webDir })) !== 0) return 1;
  precompress(webDist);
  writeFileSync(stamp, JSON.stringify({ builtAt: startedAt, basePath }));
  return 0;
};

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await build());
