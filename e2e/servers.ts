/** How many Playwright workers run, each with its own server (E2E_WORKERS, default 2). */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

const FIRST_PORT = Number(process.env.E2E_PORT ?? 48091);

export const serverPort = (index: number): number => FIRST_PORT + index;
export const serverUrl = (index: number): string => `http://127.0.0.1:${serverPort(index)}`;
