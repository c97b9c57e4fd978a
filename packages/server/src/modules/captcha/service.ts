import { randomInt, randomUUID } from 'node:crypto';
import {
  CAPTCHA_REP,
  CAPTCHA_TYPE,
  captchaReq,
  formatErrorMessage,
  type CaptchaRepData,
  type CaptchaResponse,
} from '@app/contract';
import type { AppContext } from '../../context.js';
import { aesDecrypt, aesEncrypt } from './aes.js';
import { renderPuzzle, type PuzzleImages } from './puzzle-image.js';
import { captchaStore, type CaptchaStore } from './store.js';

/** AJ-Captcha's timings and tolerance: a challenge lives 2 minutes, a passed check 3, x may be 5 px off. */
export const CAPTCHA_LIMITS = { challengeMs: 2 * 60_000, verificationMs: 3 * 60_000, slipOffset: 5 } as const;
/** The y every answer has: the piece only moves sideways. */
const ANSWER_Y = 5;

interface Answer {
  x: number;
  y: number;
  secretKey: string;
  expireAt: number;
}

type Rep = (typeof CAPTCHA_REP)[keyof typeof CAPTCHA_REP];
const answer = (rep: Rep, repData: CaptchaRepData | null = null, ...args: string[]): CaptchaResponse => ({
  repCode: rep.repCode,
  repMsg: rep === CAPTCHA_REP.SUCCESS ? null : formatErrorMessage(rep.repMsg, ...args),
  repData,
  success: rep === CAPTCHA_REP.SUCCESS,
});

const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const secretKey = () => Array.from({ length: 16 }, () => KEY_CHARS[randomInt(KEY_CHARS.length)]).join('');

const challengeKey = (token: string) => `challenge:${token}`;
const verificationKey = (verification: string) => `second:${verification}`;

const readPoint = (json: string): { x: number; y: number } | null => {
  try {
    const point = JSON.parse(json) as { x?: unknown; y?: unknown };
    return typeof point.x === 'number' && typeof point.y === 'number' ? { x: point.x, y: point.y } : null;
  } catch {
    return null;
  }
};

/** The block-puzzle captcha: challenges, checks, and the one-time verification sign-in consumes. */
export const captchaService = (
  ctx: AppContext,
  deps: { store?: CaptchaStore; render?: () => PuzzleImages } = {},
) => {
  const store = deps.store ?? captchaStore(ctx);
  const render = deps.render ?? renderPuzzle;

  /** AJ answers a missing or foreign captchaType before anything else. */
  const typeError = (captchaType: string | undefined): CaptchaResponse | null => {
    if (!captchaType) return answer(CAPTCHA_REP.NULL_ERROR, null, '类型');
    if (captchaType !== CAPTCHA_TYPE) return answer(CAPTCHA_REP.PARAM_TYPE_ERROR, null, 'captchaType');
    return null;
  };

  return {
    async get(body: unknown): Promise<CaptchaResponse> {
      const req = captchaReq.safeParse(body ?? {}).data ?? {};
      const refused = typeError(req.captchaType);
      if (refused) return refused;
      const images = render();
      const token = randomUUID().replace(/-/g, '');
      const key = secretKey();
      const stored: Answer = {
        x: images.x,
        y: ANSWER_Y,
        secretKey: key,
        expireAt: ctx.now() + CAPTCHA_LIMITS.challengeMs,
      };
      await store.put(challengeKey(token), JSON.stringify(stored), CAPTCHA_LIMITS.challengeMs);
      return answer(CAPTCHA_REP.SUCCESS, {
        originalImageBase64: images.originalImageBase64,
        jigsawImageBase64: images.jigsawImageBase64,
        token,
        secretKey: key,
        result: false,
      });
    },

    /** Checks a move once: the challenge is spent whatever the outcome. */
    async check(body: unknown): Promise<CaptchaResponse> {
      const req = captchaReq.safeParse(body ?? {}).data ?? {};
      const refused = typeError(req.captchaType);
      if (refused) return refused;
      if (!req.token) return answer(CAPTCHA_REP.NULL_ERROR, null, 'token');
      if (!req.pointJson) return answer(CAPTCHA_REP.NULL_ERROR, null, 'pointJson');
      const raw = await store.take(challengeKey(req.token));
      const stored = raw ? (JSON.parse(raw) as Answer) : null;
      if (!stored || stored.expireAt <= ctx.now()) return answer(CAPTCHA_REP.INVALID);

      let pointJson: string;
      try {
        pointJson = aesDecrypt(req.pointJson, stored.secretKey);
      } catch {
        return answer(CAPTCHA_REP.COORDINATE_ERROR);
      }
      const point = readPoint(pointJson);
      if (!point || Math.abs(point.x - stored.x) > CAPTCHA_LIMITS.slipOffset || point.y !== stored.y) {
        return answer(CAPTCHA_REP.COORDINATE_ERROR);
      }
      // What the client sends to sign in: AES(token---pointJson) with the same key.
      const verification = aesEncrypt(`${req.token}---${pointJson}`, stored.secretKey);
      const expireAt = ctx.now() + CAPTCHA_LIMITS.verificationMs;
      await store.put(
        verificationKey(verification),
        JSON.stringify({ expireAt }),
        CAPTCHA_LIMITS.verificationMs,
      );
      return answer(CAPTCHA_REP.SUCCESS, {
        captchaType: CAPTCHA_TYPE,
        token: req.token,
        pointJson: req.pointJson,
        result: true,
      });
    },

    /** Consumes a captchaVerification (valid once); on failure repMsg says why. */
    async verification(captchaVerification: string | undefined): Promise<CaptchaResponse> {
      if (!captchaVerification) return answer(CAPTCHA_REP.NULL_ERROR, null, '二次校验参数');
      const raw = await store.take(verificationKey(captchaVerification));
      const stored = raw ? (JSON.parse(raw) as { expireAt: number }) : null;
      if (!stored || stored.expireAt <= ctx.now()) return answer(CAPTCHA_REP.INVALID);
      return answer(CAPTCHA_REP.SUCCESS);
    },
  };
};

export type CaptchaService = ReturnType<typeof captchaService>;
