import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applyAppSecurityPolicy } from './security-headers.js';
import { acceptedEncoding } from '../lib/encoding.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface Asset {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  cacheControl: string;
}

const listFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });

/** Loads the built web app into memory, pairing each file with its precompressed .br and .gz siblings. */
export const loadWebAssets = (dist: string): Map<string, Asset> => {
  const assets = new Map<string, Asset>();
  const files = listFiles(dist);
  const present = new Set(files);
  for (const file of files) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const path = relative(dist, file).split('\\').join('/');
    const hashed = path.startsWith('assets/');
    assets.set(path, {
      body: readFileSync(file),
      ...(present.has(`${file}.br`) ? { br: readFileSync(`${file}.br`) } : {}),
      ...(present.has(`${file}.gz`) ? { gzip: readFileSync(`${file}.gz`) } : {}),
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      // Hashed file names change with their content; index.html must be revalidated to pick them up.
      cacheControl: hashed
        ? 'public, max-age=31536000, immutable'
        : path === 'index.html'
          ? 'no-cache'
          : 'public, max-age=3600',
    });
  }
  return assets;
};

const send = (request: FastifyRequest, reply: FastifyReply, asset: Asset): FastifyReply => {
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  // Only the page runs our scripts; every other file keeps the locked-down default policy.
  if (asset.type.startsWith('text/html')) applyAppSecurityPolicy(reply);
  reply
    .header('content-type', asset.type)
    .header('cache-control', asset.cacheControl)
    .header('vary', 'accept-encoding');
  const encoded = encoding && asset[encoding];
  return encoded ? reply.header('content-encoding', encoding).send(encoded) : reply.send(asset.body);
};

/**
 * Serves the web app under the base path: files as built, and index.html for every other
 * non-API path so that history-mode routes survive a reload. Unknown API paths are left to 404.
 */
export const registerWebApp = (
  app: FastifyInstance,
  options: { dist: string | undefined; basePath: string; apiPrefixes: readonly string[] },
): boolean => {
  if (!options.dist || !existsSync(join(options.dist, 'index.html'))) return false;
  const assets = loadWebAssets(options.dist);
  const index = assets.get('index.html')!;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0]!).slice(options.basePath.length);
    } catch {
      return reply.code(400).type('text/plain').send('Bad Request');
    }
    const url = `${options.basePath}${path}`;
    if (options.apiPrefixes.some((prefix) => url.startsWith(prefix))) return reply.callNotFound();
    const asset = assets.get(path);
    if (asset) return send(request, reply, asset);
    // A missing hashed file is a real 404, not a page: answering HTML would break the module loader.
    if (path.startsWith('assets/') || extname(path) !== '')
      return reply.code(404).type('text/plain').send('Not Found');
    return send(request, reply, index);
  };
  app.get(`${options.basePath}*`, handler);
  if (options.basePath !== '/')
    app.get(options.basePath.slice(0, -1), (_req, reply) => reply.redirect(options.basePath));
  return true;
};
