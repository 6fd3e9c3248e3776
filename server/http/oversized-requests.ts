import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import type { ApiFailure } from '../../contract/api.ts';
import type { HttpEnv } from './env.ts';

/**
 * Requests too large to be honest get the API's typed error, not Node's bare 431 or a reset
 * connection: a client (or the engineer reading its logs) learns what was wrong, with a request
 * id to quote.
 *
 * - A URL (path and query) over MAX_URL_BYTES is refused by the app with 414: no page or method
 *   takes that much in its address (the API's bracket-notation parser stops at far fewer fields).
 * - Node reads at most MAX_HEADER_BYTES of request line and headers; past that its parser fails
 *   before the app runs, and `answerMalformedRequests` writes the typed answer on the socket.
 */
export const MAX_URL_BYTES = 16 * 1024;
export const MAX_HEADER_BYTES = 64 * 1024;

const failure = (message: string): ApiFailure => ({ error: { type: 'InvalidRequestException', message } });

export function refuseLongUrls(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    // The URL as the client sent it: what counts is its length on the wire, escapes included.
    const { pathname, search } = new URL(c.req.url);
    if (Buffer.byteLength(pathname) + Buffer.byteLength(search) > MAX_URL_BYTES) {
      c.header('Cache-Control', 'no-store');
      return c.json(failure(`The address is longer than ${MAX_URL_BYTES} bytes`), 414);
    }
    return next();
  };
}

/** Node's parser errors answered as typed JSON: headers too large (431) or a malformed request (400). */
export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // A client that went away, or a socket already answered, needs nothing more.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const body = JSON.stringify(failure(tooLarge ? `Request headers are larger than ${MAX_HEADER_BYTES} bytes` : 'The request could not be read'));
    socket.end(
      [
        `HTTP/1.1 ${status}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${randomUUID()}`,
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
}
