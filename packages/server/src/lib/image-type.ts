export interface ImageType {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  ext: 'png' | 'jpg' | 'gif' | 'webp';
}

const startsWith = (buf: Buffer, bytes: readonly number[], offset = 0): boolean =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type of `buf` from its leading bytes (never from a file name or a declared content type);
 * null for anything but PNG, JPEG, GIF and WEBP.
 */
export const sniffImageType = (buf: Buffer): ImageType | null => {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a')))
    return { mime: 'image/gif', ext: 'gif' };
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8))
    return { mime: 'image/webp', ext: 'webp' };
  return null;
};
