import { badRequest } from '../../lib/errors.js';

/* Names and storage paths from callers: a path never leaves its storage, a name is only a label. */

/** C0 and C1 control characters and DEL. */
const isControl = (c: string): boolean => {
  const code = c.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
};
const hasControl = (text: string): boolean => [...text].some(isControl);
const MAX_PATH = 512;

/**
 * A storage path as given (upload `path`, public URL): relative, `/`-separated segments, none empty,
 * `.` or `..`, no backslash, drive colon or control character; null when it is not one.
 */
export const storagePathOf = (path: string): string | null => {
  if (path.length === 0 || path.length > MAX_PATH || hasControl(path)) return null;
  if (path.includes('\\') || path.includes(':') || path.startsWith('/')) return null;
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.trim() !== s)) return null;
  return path;
};

/** `storagePathOf` for caller input: refuses what it would not accept. */
export const requireStoragePath = (path: string): string => {
  const safe = storagePathOf(path);
  if (safe === null)
    throw badRequest(
      '文件路径不合法（须为相对路径，不能包含 ..、反斜杠、冒号或控制字符，且不超过 512 个字符）',
    );
  return safe;
};

/**
 * A file's name for the file list: the last segment of what the client sent, control characters
 * removed; a name that is only a traversal (`..`) is refused.
 */
export const fileNameOf = (raw: string | undefined): string => {
  const last = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const name = [...last]
    .filter((c) => !isControl(c))
    .join('')
    .trim()
    .slice(0, 256);
  if (name === '.' || name === '..') throw badRequest('文件名不合法');
  return name || 'file';
};

/** The extension of a name, when it is a plain one (letters and digits, at most 10). */
export const extensionOf = (name: string): string | null => {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : null;
};
