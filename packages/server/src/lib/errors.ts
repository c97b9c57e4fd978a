import type { ErrorCode } from '@app/contract';
import { formatErrorMessage, GlobalError } from '@app/contract';

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

/** A request the server refuses for a reason its schema cannot say: 请求参数不正确:<detail>. */
export const badRequest = (detail: string): ServiceError =>
  new ServiceError(GlobalError.BAD_REQUEST.code, `${GlobalError.BAD_REQUEST.msg}:${detail}`);

/** Whether a database error is a unique-index violation (PostgreSQL 23505, SQLite's constraint). */
export const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};
