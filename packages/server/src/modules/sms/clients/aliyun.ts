import { createHmac, randomUUID } from 'node:crypto';
import {
  isRecord,
  isTransientStatus,
  percentEncode,
  readJson,
  stringOrNull,
  type SmsChannelConfig,
  type SmsClient,
  type SmsClientDeps,
} from './client.js';

export const ALIYUN_DEFAULT_URL = 'https://dysmsapi.aliyuncs.com/';

/** The RPC-style string to sign: method, the encoded path '/' and the encoded canonical query. */
export const aliyunStringToSign = (method: string, params: Record<string, string>): string => {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key]!)}`)
    .join('&');
  return `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
};

/** Base64 HMAC-SHA1 keyed with the AccessKey secret followed by '&'. */
export const aliyunSignature = (secret: string, stringToSign: string): string =>
  createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');

/**
 * Alibaba Cloud SMS (dysmsapi, action SendSms) over its RPC API: common and action parameters in the
 * query, signed with signature version 1.0 (HMAC-SHA1) into the `Signature` parameter. apiKey is the
 * AccessKey id, apiSecret its secret; success is `Code: "OK"`, and `BizId` is the serial number.
 */
export const aliyunClient = (channel: SmsChannelConfig, deps: SmsClientDeps): SmsClient => ({
  async send({ logId, mobile, apiTemplateId, params }) {
    const query: Record<string, string> = {
      AccessKeyId: channel.apiKey,
      Action: 'SendSms',
      Format: 'JSON',
      OutId: String(logId),
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: channel.signature,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: apiTemplateId,
      TemplateParam: JSON.stringify(Object.fromEntries(params)),
      Timestamp: new Date(deps.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = aliyunSignature(channel.apiSecret ?? '', aliyunStringToSign('GET', query));
    const url = new URL(channel.apiUrl ?? ALIYUN_DEFAULT_URL);
    url.search = Object.entries({ ...query, Signature: signature })
      .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
      .join('&');
    const response = await fetch(url, { signal: AbortSignal.timeout(deps.timeoutMs) });
    const body = await readJson(response);
    if (!isRecord(body))
      return {
        success: false,
        apiCode: `HTTP_${response.status}`,
        apiMsg: '短信 API 的应答不是 JSON',
        apiRequestId: null,
        apiSerialNo: null,
        retryable: isTransientStatus(response.status),
      };
    const apiCode = stringOrNull(body.Code);
    return {
      success: apiCode === 'OK',
      apiCode,
      apiMsg: stringOrNull(body.Message),
      apiRequestId: stringOrNull(body.RequestId),
      apiSerialNo: stringOrNull(body.BizId),
      retryable: isTransientStatus(response.status) || /^Throttling|^ServiceUnavailable/.test(apiCode ?? ''),
    };
  },
});
