import { randomUUID } from 'node:crypto';
import type { SmsClient } from './client.js';

/**
 * The debug channel (DEBUG_DING_TALK): sends nothing and calls no network; every send succeeds, so
 * the message is only in the send log. Meant for development and for reading codes in tests.
 */
export const debugClient = (): SmsClient => ({
  send: ({ logId }) =>
    Promise.resolve({
      success: true,
      apiCode: 'SUCCESS',
      apiMsg: '调试渠道：只记录日志，未实际发送',
      apiRequestId: randomUUID(),
      apiSerialNo: `DEBUG-${logId}`,
      retryable: false,
    }),
});
