/**
 * Operator commands of the sportsbook (see the header of scripts/ops.ts). They act through the
 * running site, like payment:settle: a signed POST to /platform/betting/command (the embedded
 * database is held by the site's process, and the site publishes the changes live to open pages).
 *
 *   betting:fixture <sport> [minutes] [live]   a new demo fixture (football|tennis|basketball) starting
 *                                              in `minutes` (default 30), or in play at once: prints it as JSON
 *   betting:odds <eventId> [percent]           move its open markets: first side shorter by percent (default 10)
 *   betting:suspend <eventId>                  suspend every market of the event (bets refused)
 *   betting:open <eventId>                     reopen them
 *   betting:settle <eventId> <home>-<away>     the final score: markets resulted, bets settled (again
 *                                              with another score: a correction, only the difference moves)
 *   betting:void <eventId>                     call it off: every bet on it void, stakes back
 */
import type { Env } from '../server/platform/env.ts';
import { hmacSha256 } from '../server/platform/crypto.ts';
import { resolveAppSecret } from '../server/platform/secrets.ts';
import { SIGNATURE_HEADER, signBody } from '../server/modules/payments/index.ts';
import type { BettingCommand } from '../server/modules/betting/index.ts';

const USAGE = 'usage: betting:fixture <sport> [minutes] [live] | betting:odds <eventId> [percent] | betting:suspend|open|void <eventId> | betting:settle <eventId> <home>-<away>';

/** The command's body, or a usage message. */
export function bettingCommand(command: string, args: string[]): BettingCommand | string {
  const [first, second, third] = args;
  switch (command) {
    case 'betting:fixture':
      if (!first) return USAGE;
      return { command: 'fixture', sport: first as 'football', minutes: second && second !== 'live' ? Number(second) : 30, live: second === 'live' || third === 'live' };
    case 'betting:odds':
      if (!first) return USAGE;
      return { command: 'odds', event_id: Number(first), percent: second ? Number(second) : 10 };
    case 'betting:suspend':
    case 'betting:open':
    case 'betting:void':
      if (!first) return USAGE;
      return { command: command.slice('betting:'.length) as 'suspend' | 'open' | 'void', event_id: Number(first) };
    case 'betting:settle': {
      const score = /^(\d{1,3})-(\d{1,3})$/.exec(second ?? '');
      if (!first || !score) return 'usage: betting:settle <eventId> <home>-<away>, e.g. betting:settle 12 2-1';
      return { command: 'settle', event_id: Number(first), home: Number(score[1]), away: Number(score[2]) };
    }
    default:
      return USAGE;
  }
}

/** Runs one command against the site; answers the process exit code. */
export async function runBettingCommand(env: Env, command: string, args: string[]): Promise<number> {
  const body = bettingCommand(command, args);
  if (typeof body === 'string') {
    console.error(body);
    return 1;
  }
  const secret = hmacSha256(resolveAppSecret(env).secret, 'betting-ops');
  const site = process.env.SITE_URL ?? `http://127.0.0.1:${env.PORT}`;
  const text = JSON.stringify(body);
  try {
    const answer = await fetch(new URL('/platform/betting/command', site), {
      method: 'POST',
      body: text,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, text) },
    });
    const result = await answer.text();
    if (!answer.ok) {
      console.error(`${command}: refused (${answer.status}) ${result}`);
      return 1;
    }
    console.log(result);
    return 0;
  } catch (error) {
    console.error(`the site at ${site} did not answer: ${String(error)}`);
    return 1;
  }
}
