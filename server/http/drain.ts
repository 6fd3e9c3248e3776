import type { MiddlewareHandler } from 'hono';

/**
 * What a process does between SIGTERM and its exit (docs/operations.md, "Draining"): it counts the
 * requests its app is handling, and once draining has begun answers /readyz with 503 (so a proxy
 * or the orchestrator stops sending it traffic) and asks every client to close its connection
 * after the answer it is getting, so their next request opens a connection to another process.
 *
 * A request is counted from the moment the app takes it until its handler has finished, even
 * when the client went away meanwhile: a wallet call whose provider timed out still commits or
 * rolls back before the database is closed under it.
 */
export type Drain = {
  /** Counts the app's requests; marks answers given while draining `Connection: close`. */
  readonly track: MiddlewareHandler;
  /** From now on /readyz answers 503 and connections close after their answer. */
  begin(): void;
  readonly draining: boolean;
  /** Requests the app is handling now. */
  inFlight(): number;
  /**
   * Resolves once no request is in flight, or after `graceMs` with those still running: the
   * caller exits anyway then (a request cut there is one the database never committed, or one
   * whose answer is stored for the client's retry).
   */
  settled(graceMs: number): Promise<{ inFlight: number; timedOut: boolean }>;
};

export function createDrain(): Drain {
  let draining = false;
  let inFlight = 0;
  const waiters = new Set<() => void>();

  const track: MiddlewareHandler = async (c, next) => {
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
      if (draining) c.header('Connection', 'close');
      if (inFlight === 0) for (const wake of [...waiters]) wake();
    }
  };

  return {
    track,
    begin() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    inFlight: () => inFlight,
    settled(graceMs) {
      if (inFlight === 0) return Promise.resolve({ inFlight: 0, timedOut: false });
      return new Promise((resolve) => {
        const done = (timedOut: boolean) => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve({ inFlight, timedOut });
        };
        const wake = () => done(false);
        const timer = setTimeout(() => done(true), graceMs);
        waiters.add(wake);
      });
    },
  };
}
