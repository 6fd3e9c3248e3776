/**
 * Operator commands of identity verification (see the header of scripts/ops.ts, docs/verification.md):
 * the players waiting for a review, one player's case and documents (with copies of the files
 * for the operator), approve, reject with a reason. Decisions are written to operator_audit in
 * their transaction; the player is told by mail and, on an open page, at once.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import type { Database } from '../server/platform/db/database.ts';
import type { Env } from '../server/platform/env.ts';
import { createLogger } from '../server/platform/logger.ts';
import { createServices } from '../server/services.ts';

export async function runVerificationCommand(database: Database, env: Env, command: string, args: string[], fail: (message: string) => never): Promise<void> {
  const services = await createServices({ database, env, logger: createLogger('warn') });
  try {
    const player = async (login: string | undefined, usage: string) => {
      if (!login) fail(usage);
      const uid = await services.accounts.uidOf(login);
      if (uid === null) fail(`no account with the login ${login}`);
      return uid;
    };
    const actor = process.env.OPERATOR || userInfo().username;
    switch (command) {
      case 'kyc:pending': {
        const rows = await services.verification.pendingList();
        if (!rows.length) console.log('no verification waiting for review');
        for (const row of rows) {
          const login = (await services.accounts.recipient(row.uid)).email ?? `uid ${row.uid}`;
          console.log(`${login}  uid ${row.uid}  ${row.provider}  sent ${row.submittedAt?.toISOString() ?? '-'}  ${row.documents.map((doc) => `${doc.kind}:${doc.id}`).join(' ')}`);
        }
        return;
      }
      case 'kyc:show': {
        const usage = 'usage: kyc:show <login> [--out <directory>]';
        const uid = await player(args[0], usage);
        const shown = await services.verification.caseDetails(uid);
        console.log(`${args[0]} (uid ${uid}): ${shown.status} via ${shown.provider}${shown.reason ? `, reason: ${shown.reason}` : ''}`);
        console.log(`  sent ${shown.submittedAt?.toISOString() ?? '-'}, reviewed ${shown.reviewedAt?.toISOString() ?? '-'} by ${shown.reviewedBy ?? '-'}`);
        const outAt = args.indexOf('--out');
        const out = outAt === -1 ? null : args[outAt + 1];
        if (outAt !== -1 && !out) fail(usage);
        if (out) mkdirSync(out, { recursive: true, mode: 0o700 });
        for (const doc of shown.documents) {
          let copy = '';
          if (out && doc.status !== 'replaced') {
            const file = await services.verification.operatorFile(doc.id);
            const target = join(out, `${uid}-${doc.kind}-${doc.id}.${file!.extension}`);
            writeFileSync(target, file!.bytes, { mode: 0o600 });
            copy = `  -> ${resolve(target)}`;
          }
          console.log(`  ${doc.id}  ${doc.kind}  ${doc.status}  ${doc.type}  ${doc.size} bytes  sha256 ${doc.sha256.slice(0, 16)}  ${doc.uploadedAt.toISOString()}${copy}`);
        }
        return;
      }
      case 'kyc:approve': {
        const uid = await player(args[0], 'usage: kyc:approve <login>');
        await services.verification.review(actor, uid, { approve: true });
        console.log(`${args[0]}: verified (the player is told by mail and on the site)`);
        return;
      }
      case 'kyc:reject': {
        const usage = 'usage: kyc:reject <login> --reason <text the player reads> [--final]';
        const uid = await player(args[0], usage);
        const at = args.indexOf('--reason');
        const reason = at === -1 ? '' : args.slice(at + 1).filter((word) => word !== '--final').join(' ');
        if (!reason.trim()) fail(usage);
        const final = args.includes('--final');
        const status = await services.verification.review(actor, uid, { approve: false, reason, final });
        console.log(`${args[0]}: ${status === 'rejected' ? 'rejected for good' : 'asked to send new documents'} (reason: ${reason})`);
        return;
      }
    }
  } finally {
    await services.close();
  }
}
