import pino from 'pino';

export type Logger = pino.Logger;

/** JSON-lines logger. Secrets never reach it: request logs carry method, path, status and id only. */
export function createLogger(level: string = 'info'): Logger {
  return pino({
    level,
    base: { service: 'croupier' },
    redact: { paths: ['password', '*.password', 'req.headers.cookie', 'headers.cookie'], censor: '[redacted]' },
  });
}
