import type { Generated } from 'kysely';
import type { Audit } from '../lib/crud/audit.js';

/* Tables of the SMS module (migration 012); see schema.ts for the conventions. */

/** Global (no tenant), as in the reference. */
export interface SmsChannelTable extends Audit {
  id: Generated<number>;
  signature: string;
  code: string;
  status: number;
  remark: string | null;
  apiKey: string;
  apiSecret: string | null;
  callbackUrl: string | null;
  /** Ours: the provider API's address; null for its public one. */
  apiUrl: string | null;
}

/** Global (no tenant), as in the reference. */
export interface SmsTemplateTable extends Audit {
  id: Generated<number>;
  type: number;
  status: number;
  code: string;
  name: string;
  content: string;
  /** JSON array of the content's placeholder names. */
  params: string;
  remark: string | null;
  apiTemplateId: string;
  channelId: number;
  channelCode: string;
}

/** Global (no tenant), as in the reference; also the send queue (the last four columns are ours). */
export interface SmsLogTable extends Audit {
  id: Generated<number>;
  channelId: number;
  channelCode: string;
  templateId: number;
  templateCode: string;
  templateType: number;
  templateContent: string;
  /** JSON object. */
  templateParams: string;
  apiTemplateId: string;
  mobile: string;
  userId: number | null;
  userType: number | null;
  sendStatus: number;
  sendTime: number | null;
  sendCode: number | null;
  sendMsg: string | null;
  apiSendCode: string | null;
  apiSendMsg: string | null;
  apiRequestId: string | null;
  apiSerialNo: string | null;
  receiveStatus: number;
  receiveTime: number | null;
  apiReceiveCode: string | null;
  apiReceiveMsg: string | null;
  /** Send attempts made so far. */
  attempts: Generated<number>;
  /** When the next attempt is due; null when nothing more is to be sent. */
  nextSendTime: number | null;
  lockedBy: string | null;
  lockedUntil: number | null;
}

/** Verification codes sent by SMS; per tenant, as in the reference. */
export interface SmsCodeTable extends Audit {
  id: Generated<number>;
  tenantId: number;
  mobile: string;
  code: string;
  createIp: string;
  scene: number;
  /** The how-many-th code sent to this mobile on that day. */
  todayIndex: number;
  used: number;
  usedTime: number | null;
  usedIp: string | null;
  /** Ours: wrong codes tried against this one; at the limit it is void. */
  attempts: Generated<number>;
}
