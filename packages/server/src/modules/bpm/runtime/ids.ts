import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * A UUID version 7: the creation millisecond first, then a counter within that millisecond, then
 * random bits. Ids of instances and tasks thus sort by creation, which breaks ties between rows
 * created in the same millisecond (a multi-instance task creates several at once).
 */
export const timeOrderedId = (): string => {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else {
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) lastMs += 1;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
