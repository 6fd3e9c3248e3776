import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { demoMailbox } from '../../db/schema.ts';

/**
 * Messages to players: e-mail through SMTP (nodemailer, SMTP_URL) and SMS through a provider.
 * A channel without a real transport delivers into the demo mailbox, a database table readable
 * at /_dev/mailbox; the demo mailbox exists only while some channel has no real transport.
 */
export type OutboundMessage = {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  /** The one-time code the message carries, if any (kept in the demo mailbox for testers). */
  code?: string;
  locale: string;
  /**
   * Set on marketing messages (offers, newsletters), naming the player: they are not sent while the
   * player may not receive marketing (a time-out or self-exclusion, docs/responsible-gaming.md).
   * Transactional messages (codes, receipts) leave it out.
   */
  marketing?: { userId: number };
};

export interface Transport {
  send(message: OutboundMessage): Promise<void>;
}

/** What an SMS provider must offer; plug a real one in createMessenger's options. */
export interface SmsProvider {
  sendSms(to: string, text: string): Promise<void>;
}

export type MailboxEntry = { to: string; channel: string; subject: string; text: string; code: string | null; sent_at: string };

export function createDemoMailbox(db: Db) {
  return {
    async send(message: OutboundMessage) {
      await db.insert(demoMailbox).values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        code: message.code ?? null,
        locale: message.locale,
      });
    },
    async list(to?: string, limit = 100): Promise<MailboxEntry[]> {
      const rows = await db
        .select()
        .from(demoMailbox)
        .where(to ? eq(demoMailbox.recipient, to) : undefined)
        .orderBy(desc(demoMailbox.id))
        .limit(limit);
      return rows.map((row) => ({
        to: row.recipient,
        channel: row.channel,
        subject: row.subject,
        text: row.text,
        code: row.code,
        sent_at: row.sentAt.toISOString(),
      }));
    },
  };
}

export async function createSmtpTransport(smtpUrl: string, from: string): Promise<Transport> {
  const nodemailer = await import('nodemailer');
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}

export async function createMessenger(options: {
  db: Db;
  logger: Logger;
  smtpUrl?: string;
  mailFrom: string;
  smsProvider?: SmsProvider;
  /** Whether a player may be sent marketing now (responsible gaming); without it, everyone may. */
  mayReceiveMarketing?: (userId: number) => Promise<boolean>;
}) {
  const mailbox = createDemoMailbox(options.db);
  const email: Transport = options.smtpUrl ? await createSmtpTransport(options.smtpUrl, options.mailFrom) : mailbox;
  const sms: Transport = options.smsProvider
    ? { send: (message) => options.smsProvider!.sendSms(message.to, message.text) }
    : mailbox;
  const demo = { email: !options.smtpUrl, sms: !options.smsProvider };
  return {
    demo,
    /** The demo mailbox while some channel has no real transport, null otherwise. */
    mailbox: demo.email || demo.sms ? mailbox : null,
    /** Sends a message; a marketing message the player may not receive now is withheld (logged, nothing sent). */
    async send(message: OutboundMessage): Promise<void> {
      if (message.marketing && options.mayReceiveMarketing && !(await options.mayReceiveMarketing(message.marketing.userId))) {
        options.logger.info({ channel: message.channel, subject: message.subject }, 'marketing message withheld (responsible gaming)');
        return;
      }
      await (message.channel === 'email' ? email : sms).send(message);
      options.logger.info({ channel: message.channel, subject: message.subject }, 'message sent');
    },
  };
}

export type Messenger = Awaited<ReturnType<typeof createMessenger>>;
