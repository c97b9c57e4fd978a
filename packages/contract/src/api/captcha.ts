import { z } from 'zod';
import { defineEndpoint, PUBLIC } from '../endpoint.js';

/**
 * The block-puzzle captcha (AJ-Captcha `blockPuzzle`). Its two endpoints answer AJ-Captcha's own
 * `ResponseModel` `{repCode, repMsg, repData, success}`, not the `{code, data, msg}` envelope.
 */
export const CAPTCHA_TYPE = 'blockPuzzle';
/** Size of the background picture and width of the jigsaw piece, in pixels (AJ's defaults). */
export const CAPTCHA_IMAGE = { width: 310, height: 155, jigsawWidth: 47 } as const;

/** AJ-Captcha's result codes used here. */
export const CAPTCHA_REP = {
  SUCCESS: { repCode: '0000', repMsg: '成功' },
  NULL_ERROR: { repCode: '0011', repMsg: '{}不能为空' },
  PARAM_TYPE_ERROR: { repCode: '0015', repMsg: '{}类型错误' },
  INVALID: { repCode: '6110', repMsg: '验证码已失效，请重新获取' },
  COORDINATE_ERROR: { repCode: '6111', repMsg: '验证失败' },
} as const;

export const captchaReq = z.object({
  captchaType: z.string().optional(),
  token: z.string().optional(),
  /** AES-ECB (key: the challenge's secretKey), base64, of `{"x":..,"y":..}`. */
  pointJson: z.string().optional(),
});
export type CaptchaReq = z.input<typeof captchaReq>;

export const captchaRepData = z.object({
  captchaType: z.string().optional(),
  /** PNG, base64 without a data: prefix. */
  originalImageBase64: z.string().optional(),
  jigsawImageBase64: z.string().optional(),
  token: z.string().optional(),
  secretKey: z.string().optional(),
  pointJson: z.string().nullable().optional(),
  result: z.boolean().optional(),
});
export type CaptchaRepData = z.output<typeof captchaRepData>;

export const captchaResponse = z.object({
  repCode: z.string(),
  repMsg: z.string().nullable(),
  repData: captchaRepData.nullable(),
  success: z.boolean(),
});
export type CaptchaResponse = z.output<typeof captchaResponse>;

/** `data` here describes AJ's ResponseModel sent as the whole body (registered as a raw route). */
export const captchaGet = defineEndpoint({
  method: 'POST',
  path: '/system/captcha/get',
  summary: '获得验证码',
  tag: '验证码',
  access: PUBLIC,
  tenant: 'ignore',
  data: captchaResponse,
});

export const captchaCheck = defineEndpoint({
  method: 'POST',
  path: '/system/captcha/check',
  summary: '校验验证码',
  tag: '验证码',
  access: PUBLIC,
  tenant: 'ignore',
  data: captchaResponse,
});

/** Ours: whether sign-in needs the captcha (the reference's clients read a build-time flag). */
export const captchaEnabled = defineEndpoint({
  method: 'GET',
  path: '/system/captcha/enabled',
  summary: '验证码是否开启',
  tag: '验证码',
  access: PUBLIC,
  tenant: 'ignore',
  data: z.boolean(),
});
