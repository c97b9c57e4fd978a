import type { Generated } from 'kysely';
import type { Audit } from '../lib/crud/audit.js';

/* Tables of the API logs (migration 023); see schema.ts for the conventions. */

/** The request columns both API logs share. */
interface ApiRequestColumns extends Audit {
  id: Generated<number>;
  tenantId: number;
  traceId: string;
  /** 0 for an anonymous request. */
  userId: number;
  userType: number;
  applicationName: string;
  requestMethod: string;
  requestUrl: string;
  /** JSON of the query and body, secrets masked. */
  requestParams: string;
  userIp: string;
  userAgent: string;
}

/** One /admin-api request (infra_api_access_log); written in batches, never updated. */
export interface ApiAccessLogTable extends ApiRequestColumns {
  responseBody: string | null;
  operateModule: string;
  operateName: string;
  /** Dictionary infra_operate_type. */
  operateType: number;
  beginTime: number;
  endTime: number;
  duration: number;
  resultCode: number;
  resultMsg: string;
}

/** One request that failed with an unexpected error (infra_api_error_log). */
export interface ApiErrorLogTable extends ApiRequestColumns {
  exceptionTime: number;
  exceptionName: string;
  exceptionMessage: string;
  exceptionRootCauseMessage: string;
  exceptionStackTrace: string;
  exceptionClassName: string;
  exceptionFileName: string;
  exceptionMethodName: string;
  exceptionLineNumber: number;
  /** Dictionary infra_api_error_log_process_status: 0 未处理, 1 已处理, 2 已忽略. */
  processStatus: number;
  processTime: number | null;
  processUserId: number | null;
}
