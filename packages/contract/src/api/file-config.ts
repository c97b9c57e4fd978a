import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/* File storage configs (/infra/file-config), global to all tenants as in the reference. */

const { idQuery, textFilter, requiredText, remarkField, bodyId } = adminFormFields;

/** Dictionary infra_file_storage. */
export const FILE_STORAGE = { DB: 1, LOCAL: 10, FTP: 11, SFTP: 12, S3: 20 } as const;
export type FileStorage = (typeof FILE_STORAGE)[keyof typeof FILE_STORAGE];
const STORAGES: readonly number[] = Object.values(FILE_STORAGE);

/** The secret fields of a config: kept encrypted, never returned. */
export const FILE_CONFIG_SECRETS = ['password', 'accessSecret'] as const;

const optionalText = (label: string, max = 255) =>
  z
    .string({ error: `${label}必须是文本` })
    .max(max, `${label}长度不能超过 ${max} 个字符`)
    .nullish()
    .transform((v) => v?.trim() || undefined);

const httpUrl = (label: string) =>
  optionalText(label, 255).refine(
    (v) => v === undefined || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(v),
    `${label}必须是 http:// 或 https:// 开头的地址`,
  );

/** What a client's config holds, all storages in one shape (the reference's FileClientConfig). */
const configFields = {
  /** 10–12: the folder files go under. Local disk: blank is under DATA_DIR, relative is below it. */
  basePath: optionalText('基础路径', 512),
  host: optionalText('主机地址'),
  port: z
    .number({ error: '主机端口必须是数字' })
    .int('主机端口必须是整数')
    .min(1, '主机端口必须在 1 到 65535 之间')
    .max(65535, '主机端口必须在 1 到 65535 之间')
    .nullish()
    .transform((v) => v ?? undefined),
  username: optionalText('用户名'),
  password: optionalText('密码'),
  /** FTP only. */
  mode: z
    .enum(['Active', 'Passive'], { error: '连接模式只能是 Active（主动）或 Passive（被动）' })
    .nullish()
    .transform((v) => v ?? undefined),
  endpoint: httpUrl('节点地址'),
  bucket: optionalText('存储 bucket'),
  accessKey: optionalText('accessKey'),
  accessSecret: optionalText('accessSecret'),
  enablePathStyleAccess: z
    .boolean({ error: '是否 Path Style 必须是 true 或 false' })
    .nullish()
    .transform((v) => v ?? undefined),
  /** The address files are served from; blank serves them through this API. */
  domain: httpUrl('自定义域名'),
};

export const fileClientConfig = z.object(configFields, { error: '存储配置不能为空' });
export type FileClientConfig = z.output<typeof fileClientConfig>;

/** A config as given out: secrets left out. */
export const fileClientConfigView = z.object({
  basePath: z.string().optional(),
  host: z.string().optional(),
  port: z.number().int().optional(),
  username: z.string().optional(),
  mode: z.enum(['Active', 'Passive']).optional(),
  endpoint: z.string().optional(),
  bucket: z.string().optional(),
  accessKey: z.string().optional(),
  enablePathStyleAccess: z.boolean().optional(),
  domain: z.string().optional(),
});

export const fileConfig = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Dictionary infra_file_storage. */
  storage: z.number().int(),
  master: z.boolean(),
  config: fileClientConfigView,
  remark: z.string().nullable(),
  createTime: epochMillis,
});
export type FileConfig = z.output<typeof fileConfig>;

type ConfigInput = z.output<typeof fileClientConfig>;

/** The fields each storage needs; secrets are checked by `requireSecrets` (an update may keep them). */
const checkConfig = (storage: number, c: ConfigInput, ctx: z.RefinementCtx, isCreate: boolean) => {
  const need = (ok: unknown, field: string, message: string) => {
    if (ok === undefined) ctx.addIssue({ code: 'custom', message, path: ['config', field] });
  };
  if (storage === FILE_STORAGE.FTP || storage === FILE_STORAGE.SFTP) {
    need(c.basePath, 'basePath', '基础路径不能为空');
    need(c.host, 'host', '主机地址不能为空');
    need(c.port, 'port', '主机端口不能为空');
    need(c.username, 'username', '用户名不能为空');
    if (isCreate) need(c.password, 'password', '密码不能为空');
    if (storage === FILE_STORAGE.FTP) need(c.mode, 'mode', '连接模式不能为空');
  }
  if (storage === FILE_STORAGE.S3) {
    need(c.endpoint, 'endpoint', '节点地址不能为空');
    need(c.bucket, 'bucket', '存储 bucket 不能为空');
    need(c.accessKey, 'accessKey', 'accessKey 不能为空');
    if (isCreate) need(c.accessSecret, 'accessSecret', 'accessSecret 不能为空');
  }
};

const storageField = z
  .number({ error: '存储器不能为空' })
  .int('存储器格式不正确')
  .refine((v) => STORAGES.includes(v), '存储器只能是 1、10、11、12 或 20');

const bodyFields = {
  name: requiredText('配置名不能为空', 63, '配置名长度不能超过 63 个字符'),
  storage: storageField,
  remark: remarkField,
  config: fileClientConfig,
};

export const fileConfigCreateReq = z.object(bodyFields).superRefine((v, ctx) => {
  checkConfig(v.storage, v.config, ctx, true);
});
export type FileConfigCreateReq = z.input<typeof fileConfigCreateReq>;

/** Blank secrets keep the saved ones (when the storage stays the same). */
export const fileConfigUpdateReq = z
  .object({ id: bodyId('文件配置编号'), ...bodyFields })
  .superRefine((v, ctx) => {
    checkConfig(v.storage, v.config, ctx, false);
  });
export type FileConfigUpdateReq = z.input<typeof fileConfigUpdateReq>;

const filterFields = {
  name: textFilter('配置名', 63),
  storage: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v);
      if (!STORAGES.includes(n)) {
        ctx.addIssue({ code: 'custom', message: '存储器只能是 1、10、11、12 或 20' });
        return z.NEVER;
      }
      return n;
    }),
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};

export const fileConfigPageReq = pageParam.extend(filterFields).transform((raw, ctx) => ({
  pageNo: raw.pageNo,
  pageSize: raw.pageSize,
  name: raw.name,
  storage: raw.storage,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
}));
export type FileConfigPageReq = z.input<typeof fileConfigPageReq>;

const TAG = '文件配置';

export const fileConfigPage = defineEndpoint({
  method: 'GET',
  path: '/infra/file-config/page',
  summary: '获得文件配置分页（配置名模糊；不返回密码与 accessSecret）',
  tag: TAG,
  access: permission('infra:file-config:query'),
  query: fileConfigPageReq,
  data: pageResult(fileConfig),
});

export const fileConfigGet = defineEndpoint({
  method: 'GET',
  path: '/infra/file-config/get',
  summary: '获得文件配置（不返回密码与 accessSecret；不存在时为 null）',
  tag: TAG,
  access: permission('infra:file-config:query'),
  query: idQuery('文件配置编号'),
  data: fileConfig.nullable(),
});

export const fileConfigCreate = defineEndpoint({
  method: 'POST',
  path: '/infra/file-config/create',
  summary: '创建文件配置（密码与 accessSecret 加密保存）',
  tag: TAG,
  access: permission('infra:file-config:create'),
  body: fileConfigCreateReq,
  data: z.number().int(),
});

export const fileConfigUpdate = defineEndpoint({
  method: 'PUT',
  path: '/infra/file-config/update',
  summary: '修改文件配置（密码与 accessSecret 留空则不修改）',
  tag: TAG,
  access: permission('infra:file-config:update'),
  body: fileConfigUpdateReq,
  data: z.boolean(),
});

export const fileConfigUpdateMaster = defineEndpoint({
  method: 'PUT',
  path: '/infra/file-config/update-master',
  summary: '设为主配置（上传文件使用主配置，其余配置不再是主配置）',
  tag: TAG,
  access: permission('infra:file-config:update'),
  query: idQuery('文件配置编号'),
  data: z.boolean(),
});

export const fileConfigDelete = defineEndpoint({
  method: 'DELETE',
  path: '/infra/file-config/delete',
  summary: '删除文件配置（主配置不能删除）',
  tag: TAG,
  access: permission('infra:file-config:delete'),
  query: idQuery('文件配置编号'),
  data: z.boolean(),
});

export const fileConfigTest = defineEndpoint({
  method: 'GET',
  path: '/infra/file-config/test',
  summary: '测试文件配置（上传一个示例图片，返回它的访问地址）',
  tag: TAG,
  access: permission('infra:file-config:query'),
  query: idQuery('文件配置编号'),
  data: z.string(),
});
