import type { FastifySchemaCompiler } from 'fastify';
import { badRequest } from './errors.js';

/**
 * A plain object: `{}`, or one without Object's prototype (the query parser's records are made from a
 * prototype whose own prototype is null). Files, streams and buffers are not.
 */
const isPlainRecord = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
};

/**
 * Whether request input (a parsed query, path parameters or JSON body) holds a text with U+0000.
 * PostgreSQL cannot store that character (SQLite can), so it is refused on both for one behaviour.
 * Walks with a stack of its own, as a body may nest deeper than the call stack; only arrays and plain
 * records are entered (a multipart file's bytes are not text).
 */
export const hasNulCharacter = (input: unknown): boolean => {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      if (!isPlainRecord(value)) continue;
      for (const key in value) {
        if (key.includes('\u0000')) return true;
        pending.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
};

/** A validator compiler whose validators first refuse input holding U+0000, then validate as `compile`'s do. */
export const refusingNulCharacters =
  <T>(compile: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> =>
  (route) => {
    const validate = compile(route);
    return (data: unknown) =>
      hasNulCharacter(data) ? { error: badRequest('文本不能包含空字符（U+0000）') } : validate(data);
  };
