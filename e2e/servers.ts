/** How many Playwright workers run, each with its own server (E2E_WORKERS, default 2). */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

// Below the ephemeral range (32768 up): a readiness probe of a port in it can connect to itself and hold
// the port, and the server then cannot listen on it.
const FIRST_PORT = Number(process.env.E2E_PORT ?? 28091);

export const serverPort = (index: number): number => FIRST_PORT + index;
export const serverUrl = (index: number): string => `http://127.0.0.1:${serverPort(index)}`;
