import type { ErrorCode } from '@app/contract';
import { formatErrorMessage } from '@app/contract';

/** A failure the client is told about in the envelope: `{code, msg}` with HTTP 200. */
export class ServiceError extends Error {
  readonly code: number;

  constructor(code: number, msg: string) {
    super(msg);
    this.code = code;
  }
}

export const fail = (error: ErrorCode, ...args: unknown[]): ServiceError =>
  new ServiceError(error.code, formatErrorMessage(error.msg, ...args));
