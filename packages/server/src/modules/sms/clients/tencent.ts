import { createHash, createHmac } from 'node:crypto';
import {
  isRecord,
  isTransientStatus,
  readJson,
  stringOrNull,
  type SmsChannelConfig,
  type SmsClient,
  type SmsClientDeps,
} from './client.js';

export const TENCENT_DEFAULT_URL = 'https://sms.tencentcloudapi.com/';
const SERVICE = 'sms';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/**
 * The TC3-HMAC-SHA256 `Authorization` header of a POST with a JSON body: canonical request over the
 * content-type and host headers, string to sign with the UTC date scope, and the signing key derived
 * from 'TC3' + secret key through date, service and 'tc3_request'.
 */
export const tc3Authorization = (input: {
  secretId: string;
  secretKey: string;
  host: string;
  path: string;
  payload: string;
  /** Epoch seconds, as sent in X-TC-Timestamp. */
  timestamp: number;
}): string => {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    input.path,
    '',
    `content-type:${CONTENT_TYPE}\nhost:${input.host}\n`,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');
  const scope = `${date}/${SERVICE}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), SERVICE), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
};

/** '+86…' for a mainland number without a country code; numbers with one are left as they are. */
const e164 = (mobile: string) => (mobile.startsWith('+') ? mobile : `+86${mobile}`);

/**
 * Tencent Cloud SMS (API 3.0, action SendSms, version 2021-01-11). apiKey holds the SecretId and the
 * SmsSdkAppId separated by a space, apiSecret the SecretKey; template values go by position.
 */
export const tencentClient = (channel: SmsChannelConfig, deps: SmsClientDeps): SmsClient => ({
  async send({ logId, mobile, apiTemplateId, params }) {
    const [secretId = '', sdkAppId = ''] = channel.apiKey.trim().split(/\s+/);
    const payload = JSON.stringify({
      PhoneNumberSet: [e164(mobile)],
      SmsSdkAppId: sdkAppId,
      SignName: channel.signature,
      TemplateId: apiTemplateId,
      TemplateParamSet: params.map(([, value]) => value),
      SessionContext: String(logId),
    });
    const url = new URL(channel.apiUrl ?? TENCENT_DEFAULT_URL);
    const timestamp = Math.floor(deps.now() / 1000);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': CONTENT_TYPE,
        authorization: tc3Authorization({
          secretId,
          secretKey: channel.apiSecret ?? '',
          host: url.host,
          path: url.pathname,
          payload,
          timestamp,
        }),
        'x-tc-action': 'SendSms',
        'x-tc-version': '2021-01-11',
        'x-tc-region': 'ap-guangzhou',
        'x-tc-timestamp': String(timestamp),
      },
      body: payload,
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    const body = await readJson(response);
    const result = isRecord(body) && isRecord(body.Response) ? body.Response : null;
    if (!result)
      return {
        success: false,
        apiCode: `HTTP_${response.status}`,
        apiMsg: '短信 API 的应答格式不正确',
        apiRequestId: null,
        apiSerialNo: null,
        retryable: isTransientStatus(response.status),
      };
    const apiRequestId = stringOrNull(result.RequestId);
    if (isRecord(result.Error)) {
      const apiCode = stringOrNull(result.Error.Code);
      return {
        success: false,
        apiCode,
        apiMsg: stringOrNull(result.Error.Message),
        apiRequestId,
        apiSerialNo: null,
        retryable: /^(InternalError|RequestLimitExceeded)/.test(apiCode ?? ''),
      };
    }
    const status = Array.isArray(result.SendStatusSet) ? (result.SendStatusSet[0] as unknown) : null;
    if (!isRecord(status))
      return {
        success: false,
        apiCode: null,
        apiMsg: '短信 API 未返回发送状态',
        apiRequestId,
        apiSerialNo: null,
        retryable: false,
      };
    const apiCode = stringOrNull(status.Code);
    return {
      success: apiCode === 'Ok',
      apiCode,
      apiMsg: stringOrNull(status.Message),
      apiRequestId,
      apiSerialNo: stringOrNull(status.SerialNo),
      retryable: false,
    };
  },
});
