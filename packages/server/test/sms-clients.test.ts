import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliyunClient } from '../src/modules/sms/clients/aliyun.js';
import { percentEncode, type SmsChannelConfig } from '../src/modules/sms/clients/client.js';
import { debugClient } from '../src/modules/sms/clients/debug.js';
import { smsClientFor } from '../src/modules/sms/clients/index.js';
import { tencentClient } from '../src/modules/sms/clients/tencent.js';
import { REFUSED_MOBILE, startSmsPeer, type SmsPeer } from './sms-peer.js';

const deps = { now: () => Date.now(), timeoutMs: 5_000 };
const request = {
  logId: 42,
  mobile: '13800000000',
  apiTemplateId: 'SMS_1000',
  params: [
    ['code', '123456'],
    ['minutes', '10'],
  ] as [string, string][],
};

describe('SMS channel clients', () => {
  let peer: SmsPeer;
  beforeAll(async () => {
    peer = await startSmsPeer({ LTAIkey: 'aliyun-secret', AKIDtencent: 'tencent-secret' });
  });
  afterAll(async () => {
    await peer.close();
  });

  const aliyun = (over: Partial<SmsChannelConfig> = {}): SmsChannelConfig => ({
    code: 'ALIYUN',
    signature: '后台管理系统',
    apiKey: 'LTAIkey',
    apiSecret: 'aliyun-secret',
    apiUrl: peer.aliyunUrl,
    ...over,
  });
  const tencent = (over: Partial<SmsChannelConfig> = {}): SmsChannelConfig => ({
    code: 'TENCENT',
    signature: '后台管理系统',
    apiKey: 'AKIDtencent 1400000001',
    apiSecret: 'tencent-secret',
    apiUrl: peer.tencentUrl,
    ...over,
  });

  it('percent-encodes as RFC 3986', () => {
    expect(percentEncode("a b*~!'()/中")).toBe('a%20b%2A~%21%27%28%29%2F%E4%B8%AD');
  });

  it('debug client: succeeds without calling anything', async () => {
    const before = peer.requests.length;
    const result = await debugClient().send(request);
    expect(result).toMatchObject({ success: true, apiCode: 'SUCCESS', apiSerialNo: 'DEBUG-42' });
    expect(result.apiRequestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(peer.requests.length).toBe(before);
  });

  it('aliyun client: a signed SendSms the service accepts', async () => {
    const result = await aliyunClient(aliyun(), deps).send(request);
    expect(result).toMatchObject({ success: true, apiCode: 'OK', apiMsg: 'OK' });
    expect(result.apiSerialNo).toMatch(/\^0$/);
    expect(result.apiRequestId).toMatch(/^[0-9A-F-]{36}$/);
    const sent = peer.requests.at(-1)!;
    expect(sent).toMatchObject({ provider: 'aliyun', signatureOk: true });
    expect(sent.params).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      PhoneNumbers: '13800000000',
      SignName: '后台管理系统',
      TemplateCode: 'SMS_1000',
      OutId: '42',
      SignatureMethod: 'HMAC-SHA1',
    });
    expect(JSON.parse(sent.params.TemplateParam as string)).toEqual({ code: '123456', minutes: '10' });
    expect(sent.params.Timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('aliyun client: a wrong secret is refused by the signature check, a bad number by the service', async () => {
    const wrong = await aliyunClient(aliyun({ apiSecret: 'other' }), deps).send(request);
    expect(wrong).toMatchObject({ success: false, apiCode: 'SignatureDoesNotMatch', retryable: false });
    expect(peer.requests.at(-1)?.signatureOk).toBe(false);
    const refused = await aliyunClient(aliyun(), deps).send({ ...request, mobile: REFUSED_MOBILE });
    expect(refused).toMatchObject({
      success: false,
      apiCode: 'isv.MOBILE_NUMBER_ILLEGAL',
      apiMsg: '非法手机号',
      retryable: false,
    });
    expect(peer.requests.at(-1)?.signatureOk).toBe(true);
  });

  it('tencent client: a TC3-signed SendSms with values by position', async () => {
    const result = await tencentClient(tencent(), deps).send(request);
    expect(result).toMatchObject({ success: true, apiCode: 'Ok', apiMsg: 'send success' });
    expect(result.apiSerialNo).toMatch(/^2433:/);
    const sent = peer.requests.at(-1)!;
    expect(sent).toMatchObject({ provider: 'tencent', signatureOk: true });
    expect(sent.headers['x-tc-action']).toBe('SendSms');
    expect(sent.headers['x-tc-version']).toBe('2021-01-11');
    expect(sent.params).toEqual({
      PhoneNumberSet: ['+8613800000000'],
      SmsSdkAppId: '1400000001',
      SignName: '后台管理系统',
      TemplateId: 'SMS_1000',
      TemplateParamSet: ['123456', '10'],
      SessionContext: '42',
    });
  });

  it('tencent client: a wrong secret fails authentication, a bad number fails its send status', async () => {
    const wrong = await tencentClient(tencent({ apiSecret: 'other' }), deps).send(request);
    expect(wrong).toMatchObject({
      success: false,
      apiCode: 'AuthFailure.SignatureFailure',
      apiSerialNo: null,
      retryable: false,
    });
    expect(wrong.apiRequestId).toBeTruthy();
    const refused = await tencentClient(tencent(), deps).send({ ...request, mobile: REFUSED_MOBILE });
    expect(refused).toMatchObject({
      success: false,
      apiCode: 'InvalidParameterValue.IncorrectPhoneNumber',
      retryable: false,
    });
  });

  it('an outage answers a failure worth retrying; an unreachable host throws', async () => {
    peer.failNext(2);
    expect(await aliyunClient(aliyun(), deps).send(request)).toMatchObject({
      success: false,
      apiCode: 'HTTP_503',
      retryable: true,
    });
    expect(await tencentClient(tencent(), deps).send(request)).toMatchObject({
      success: false,
      apiCode: 'HTTP_503',
      retryable: true,
    });
    await expect(
      aliyunClient(aliyun({ apiUrl: 'http://127.0.0.1:1/' }), { ...deps, timeoutMs: 2_000 }).send(request),
    ).rejects.toThrow();
  });

  it('picks the client by channel code', () => {
    expect(smsClientFor(aliyun({ code: 'DEBUG_DING_TALK' }), deps)).not.toBeNull();
    expect(smsClientFor(aliyun(), deps)).not.toBeNull();
    expect(smsClientFor(tencent(), deps)).not.toBeNull();
    expect(smsClientFor(aliyun({ code: 'YUN_PIAN' }), deps)).toBeNull();
  });
});
