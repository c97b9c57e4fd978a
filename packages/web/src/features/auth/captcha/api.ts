import { CAPTCHA_TYPE, captchaCheck, captchaGet, type CaptchaResponse } from '@app/contract';
import { BASE_URL } from '../../../shared/config';

/** AJ-Captcha answers its own `{repCode, repMsg, repData}`, so these calls bypass the envelope layer. */
const post = async (path: string, body: Record<string, string>): Promise<CaptchaResponse> => {
  const response = await fetch(`${BASE_URL}admin-api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ captchaType: CAPTCHA_TYPE, ...body }),
  }).catch(() => null);
  if (!response?.ok) throw new Error('验证码服务暂不可用，请稍后再试');
  return (await response.json()) as CaptchaResponse;
};

export const getCaptcha = () => post(captchaGet.path, {});

export const checkCaptcha = (token: string, pointJson: string) =>
  post(captchaCheck.path, { token, pointJson });
