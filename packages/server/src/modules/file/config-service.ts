import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import {
  FILE_CONFIG_SECRETS,
  FILE_STORAGE,
  FileConfigError,
  type FileClientConfig,
  type FileConfig,
  type fileConfigCreateReq,
  type fileConfigPageReq,
  type fileConfigUpdateReq,
  type PageResult,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { secretBox, type SecretBox } from '../../lib/secret-box.js';
import { storedKeyMaterial } from '../../lib/stored-secret.js';
import { fileConfigRepository, type FileConfigRow } from './config-repository.js';
import type { FileClient } from './storage/client.js';
import { dbFileClient } from './storage/db-client.js';
import { ftpFileClient } from './storage/ftp-client.js';
import { localFileClient } from './storage/local-client.js';
import { s3FileClient } from './storage/s3-client.js';
import { sftpFileClient } from './storage/sftp-client.js';

/** A 1×1 PNG: the sample the 测试 action uploads. */
const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A config's client, built from its row: reused until the row changes. */
export interface ResolvedConfig {
  id: number;
  storage: number;
  config: FileClientConfig;
  client: FileClient;
  /** The public URL of a stored path. */
  urlOf(path: string): string;
}

const parseConfig = (text: string): FileClientConfig => {
  try {
    return JSON.parse(text) as FileClientConfig;
  } catch {
    return {} as FileClientConfig;
  }
};

const toView = (row: FileConfigRow): FileConfig => {
  const config: Record<string, unknown> = { ...parseConfig(row.config) };
  for (const secret of FILE_CONFIG_SECRETS) delete config[secret];
  return {
    id: row.id,
    name: row.name,
    storage: row.storage,
    master: row.master === 1,
    config: config as FileConfig['config'],
    remark: row.remark,
    createTime: row.createTime,
  };
};

/** File storage configs and the clients they describe (global to all tenants). */
export const fileConfigService = (ctx: AppContext, env: NodeJS.ProcessEnv = process.env) => {
  const repo = fileConfigRepository(ctx.db.kysely);
  const keyMaterial = storedKeyMaterial(ctx, 'file-config-secret', env);
  let box: SecretBox | null = null;
  const secrets = async (): Promise<SecretBox> => (box ??= secretBox(await keyMaterial()));
  const cache = new Map<number, { updateTime: number; resolved: ResolvedConfig }>();

  const find = async (id: number): Promise<FileConfigRow> => {
    const row = await repo.find(id);
    if (!row) throw fail(FileConfigError.FILE_CONFIG_NOT_EXISTS);
    return row;
  };

  /** Seals the secrets of a config; a blank one keeps the saved one if the storage did not change. */
  const sealed = async (
    config: FileClientConfig,
    storage: number,
    saved?: FileConfigRow,
  ): Promise<string> => {
    const out: Record<string, unknown> = { ...config };
    const previous = saved && saved.storage === storage ? parseConfig(saved.config) : undefined;
    const b = await secrets();
    for (const secret of FILE_CONFIG_SECRETS) {
      const plain = config[secret];
      if (plain) out[secret] = b.seal(plain);
      else if (previous?.[secret]) out[secret] = previous[secret];
      else delete out[secret];
    }
    return JSON.stringify(out);
  };

  const localBase = (id: number, basePath: string | undefined): string => {
    if (!basePath) return join(ctx.config.dataDir, 'files', String(id));
    return isAbsolute(basePath) ? basePath : resolve(ctx.config.dataDir, basePath);
  };

  const build = async (row: FileConfigRow): Promise<ResolvedConfig> => {
    const config = parseConfig(row.config);
    const b = await secrets();
    const open = (v: string | undefined) => (v ? b.open(v) : '');
    const client = ((): FileClient => {
      switch (row.storage) {
        case FILE_STORAGE.DB:
          return dbFileClient(ctx.db.kysely, row.id, ctx.now);
        case FILE_STORAGE.LOCAL:
          return localFileClient(localBase(row.id, config.basePath));
        case FILE_STORAGE.FTP:
          return ftpFileClient({
            host: config.host ?? '',
            port: config.port ?? 21,
            username: config.username ?? '',
            password: open(config.password),
            basePath: config.basePath ?? '/',
            mode: config.mode ?? 'Passive',
          });
        case FILE_STORAGE.SFTP:
          return sftpFileClient({
            host: config.host ?? '',
            port: config.port ?? 22,
            username: config.username ?? '',
            password: open(config.password),
            basePath: config.basePath ?? '/',
          });
        case FILE_STORAGE.S3:
          return s3FileClient({
            endpoint: config.endpoint ?? '',
            bucket: config.bucket ?? '',
            accessKey: config.accessKey ?? '',
            accessSecret: open(config.accessSecret),
            enablePathStyleAccess: config.enablePathStyleAccess ?? false,
          });
        default:
          throw fail(FileConfigError.FILE_STORAGE_FAILED, `未知的存储器 ${row.storage}`);
      }
    })();
    const domain = config.domain?.replace(/\/+$/, '');
    const apiUrl = (path: string) =>
      `${domain ?? ctx.config.basePath.replace(/\/$/, '')}/admin-api/infra/file/${row.id}/get/${encodeURIComponent(path)}`;
    return {
      id: row.id,
      storage: row.storage,
      config,
      client,
      // S3 with a domain: served by the store (or its CDN); everything else through this API.
      urlOf: (path) =>
        row.storage === FILE_STORAGE.S3 && domain
          ? `${domain}/${path.split('/').map(encodeURIComponent).join('/')}`
          : apiUrl(path),
    };
  };

  const resolveRow = async (row: FileConfigRow): Promise<ResolvedConfig> => {
    const cached = cache.get(row.id);
    if (cached && cached.updateTime === row.updateTime) return cached.resolved;
    await cached?.resolved.client.close?.();
    const resolved = await build(row);
    cache.set(row.id, { updateTime: row.updateTime, resolved });
    return resolved;
  };

  const storageFailed = (error: unknown) =>
    fail(FileConfigError.FILE_STORAGE_FAILED, error instanceof Error ? error.message : String(error));

  return {
    /** The client of a config; undefined when there is no such config. */
    async client(id: number): Promise<ResolvedConfig | undefined> {
      const row = await repo.find(id);
      return row ? resolveRow(row) : undefined;
    },

    /** The master config's client, where uploads go. */
    async master(): Promise<ResolvedConfig> {
      const row = await repo.findMaster();
      if (!row) throw fail(FileConfigError.FILE_CONFIG_NOT_EXISTS);
      return resolveRow(row);
    },

    storageFailed,

    async page(query: z.output<typeof fileConfigPageReq>): Promise<PageResult<FileConfig>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.page(filter, { pageNo, pageSize });
      return { list: list.map(toView), total };
    },

    async get(id: number): Promise<FileConfig | null> {
      const row = await repo.find(id);
      return row ? toView(row) : null;
    },

    async create(user: LoginUser, body: z.output<typeof fileConfigCreateReq>): Promise<number> {
      const config = await sealed(body.config, body.storage);
      return repo.insert(
        { name: body.name, storage: body.storage, remark: body.remark, config },
        ctx.now(),
        user.id,
      );
    },

    async update(user: LoginUser, body: z.output<typeof fileConfigUpdateReq>): Promise<boolean> {
      const saved = await find(body.id);
      const config = await sealed(body.config, body.storage, saved);
      // The update time keys the client cache: a change within the same millisecond still counts.
      const at = Math.max(ctx.now(), saved.updateTime + 1);
      await repo.update(
        body.id,
        { name: body.name, storage: body.storage, remark: body.remark, config },
        at,
        user.id,
      );
      return true;
    },

    async updateMaster(user: LoginUser, id: number): Promise<boolean> {
      await find(id);
      await repo.setMaster(id, ctx.now(), user.id);
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      const row = await find(id);
      if (row.master === 1 || !(await repo.deleteUnlessMaster(id, ctx.now(), user.id)))
        throw fail(FileConfigError.FILE_CONFIG_DELETE_FAIL_MASTER);
      await cache.get(id)?.resolved.client.close?.();
      cache.delete(id);
      return true;
    },

    /** Uploads a sample image through the config's storage and answers its URL (the 测试 action). */
    async test(id: number): Promise<string> {
      const resolved = await resolveRow(await find(id));
      const dir = await mkdtemp(join(tmpdir(), 'file-config-test-'));
      const path = `test/${randomUUID().replaceAll('-', '')}.png`;
      try {
        const file = join(dir, 'sample.png');
        await writeFile(file, SAMPLE_PNG);
        await resolved.client.upload(path, { file, size: SAMPLE_PNG.length }, 'image/png');
      } catch (error) {
        throw storageFailed(error);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      return resolved.urlOf(path);
    },
  };
};
export type FileConfigService = ReturnType<typeof fileConfigService>;
