/* ws ships no types (and @types/ws is not installed): the client side the WebSocket tests use. */
declare module 'ws' {
  import type { IncomingMessage } from 'node:http';

  export default class WebSocket {
    static readonly OPEN: 1;
    constructor(address: string);
    readonly readyState: number;
    send(data: string | Buffer): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'open', listener: () => void): this;
    on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'unexpected-response', listener: (request: unknown, response: IncomingMessage) => void): this;
  }
}
