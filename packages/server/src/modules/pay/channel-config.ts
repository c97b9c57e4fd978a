import { PAY_SECRET_MASK, PayError, type PayChannelCode } from '@app/contract';
import { z } from 'zod';
import { fail } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';

/* What each channel's configuration holds, which of it is secret, and how secrets are kept. */

const text = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`);

export const ALIPAY_GATEWAYS = [
  'https://openapi.alipay.com/gateway.do',
  'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
] as const;

const alipayConfig = z
  .object({
    appId: text('开放平台 APPID'),
    // The two gateways of the form; any other https gateway too (a local peer in tests).
    serverUrl: text('网关地址').regex(/^https?:\/\/\S+$/, '网关地址必须是 http 或 https 地址'),
    signType: z.literal('RSA2', { error: '算法类型只能是 RSA2' }),
    mode: z.union([z.literal(1), z.literal(2)], { error: '公钥类型只能是 1（公钥模式）或 2（证书模式）' }),
    privateKey: text('应用私钥'),
    alipayPublicKey: z.string().nullish(),
    appCertContent: z.string().nullish(),
    alipayPublicCertContent: z.string().nullish(),
    rootCertContent: z.string().nullish(),
  })
  .superRefine((c, ctx) => {
    const need = (key: keyof typeof c, label: string) => {
      const v = c[key];
      if (typeof v !== 'string' || v.trim() === '')
        ctx.addIssue({ code: 'custom', message: `${label}不能为空` });
    };
    if (c.mode === 1) need('alipayPublicKey', '支付宝公钥');
    else {
      need('appCertContent', '商户公钥应用证书');
      need('alipayPublicCertContent', '支付宝公钥证书');
      need('rootCertContent', '根证书');
    }
  });

const wxConfig = z
  .object({
    appId: text('公众号 APPID'),
    mchId: text('商户号'),
    apiVersion: z.enum(['v2', 'v3'], { error: 'API 版本只能是 v2 或 v3' }),
    mchKey: z.string().nullish(),
    keyContent: z.string().nullish(),
    apiV3Key: z.string().nullish(),
    privateKeyContent: z.string().nullish(),
    certSerialNo: z.string().nullish(),
    /** Ours: another address of the API (a proxy; a local peer in tests). */
    baseUrl: z
      .string()
      .regex(/^https?:\/\/\S+$/, '接口地址必须是 http 或 https 地址')
      .nullish(),
  })
  .superRefine((c, ctx) => {
    const need = (key: keyof typeof c, label: string) => {
      const v = c[key];
      if (typeof v !== 'string' || v.trim() === '')
        ctx.addIssue({ code: 'custom', message: `${label}不能为空` });
    };
    if (c.apiVersion === 'v2') {
      need('mchKey', '商户密钥');
      need('keyContent', 'apiclient_cert.p12 证书');
    } else {
      need('apiV3Key', 'API V3 密钥');
      need('privateKeyContent', 'apiclient_key.pem 私钥');
      need('certSerialNo', '证书序列号');
    }
  });

const noConfig = z.object({});

const schemaFor = (code: PayChannelCode) =>
  code.startsWith('alipay_') ? alipayConfig : code.startsWith('wx_') ? wxConfig : noConfig;

/** The fields never given back: private keys and API keys. */
const SECRET_FIELDS = ['privateKey', 'mchKey', 'keyContent', 'apiV3Key', 'privateKeyContent'] as const;
const SEALED = 'sealed:';

type Config = Record<string, unknown>;

const parseJson = (json: string): Config => {
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Config;
  } catch {
    // reported below
  }
  throw fail(PayError.CHANNEL_CONFIG_INVALID, '不是 JSON 对象');
};

// Short secrets show nothing of themselves.
const maskOf = (secret: string): string => PAY_SECRET_MASK + (secret.length >= 16 ? secret.slice(-4) : '');

/**
 * Channel configurations as stored (JSON, secrets sealed by `box`) and as shown (secrets masked).
 */
export const channelConfigs = (box: () => Promise<SecretBox>) => ({
  /**
   * Checks a configuration sent by a form and seals its secrets. A secret sent back as the mask
   * `shown` gave keeps the stored one (`previous`, as stored).
   */
  async toStored(code: PayChannelCode, json: string, previous: string | null): Promise<string> {
    const sent = parseJson(json);
    const old = previous ? await this.open(previous) : {};
    for (const key of SECRET_FIELDS) {
      const value = sent[key];
      if (typeof value === 'string' && value.startsWith(PAY_SECRET_MASK) && typeof old[key] === 'string') {
        if (value !== maskOf(old[key]))
          throw fail(PayError.CHANNEL_CONFIG_INVALID, `${key} 的掩码与已保存的不一致`);
        sent[key] = old[key];
      }
    }
    const parsed = schemaFor(code).safeParse(sent);
    if (!parsed.success) throw fail(PayError.CHANNEL_CONFIG_INVALID, parsed.error.issues[0]?.message ?? '');
    const sealed: Config = { ...parsed.data };
    const secretBox = await box();
    for (const key of SECRET_FIELDS) {
      const value = sealed[key];
      if (typeof value === 'string' && value !== '') sealed[key] = SEALED + secretBox.seal(value);
    }
    return JSON.stringify(sealed);
  },

  /** The stored configuration with its secrets opened, for the channel clients. */
  async open(stored: string): Promise<Config> {
    const config = parseJson(stored);
    const secretBox = await box();
    for (const key of SECRET_FIELDS) {
      const value = config[key];
      if (typeof value === 'string' && value.startsWith(SEALED))
        config[key] = secretBox.open(value.slice(SEALED.length));
    }
    return config;
  },

  /** The stored configuration as a form may see it: each secret as the mask and its last four characters. */
  async shown(stored: string): Promise<string> {
    const config = await this.open(stored);
    for (const key of SECRET_FIELDS) {
      const value = config[key];
      if (typeof value === 'string' && value !== '') config[key] = maskOf(value);
    }
    return JSON.stringify(config);
  },
});

export type ChannelConfigs = ReturnType<typeof channelConfigs>;
