import { randomInt } from 'node:crypto';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Numbers one process hands out within a second before the 6 digits repeat. */
const PER_SECOND = 1_000_000;

/**
 * The last 6 digits: a counter from a random start, so that numbers of one process never meet
 * within a second (6 random digits did: at 80 payments a second two met every few minutes), and
 * two processes meet only where their counters' ranges overlap in the same second.
 */
let counter = randomInt(PER_SECOND);

/**
 * A business number: `prefix`, yyyyMMddHHmmss of `at` (server local time) and 6 digits, as the
 * reference writes order, pay and refund numbers. Unique indexes still guard every one of them.
 */
export const serialNo = (prefix: string, at: number): string => {
  const d = new Date(at);
  const stamp = `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
  counter = (counter + 1) % PER_SECOND;
  return `${prefix}${stamp}${pad(counter, 6)}`;
};
