import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { supportCannedAnswers, supportRequests } from '../../db/schema/support.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import type { SupportRequestItem } from '../../../contract/backoffice-support.ts';

/**
 * The support desk of the back office (docs/backoffice.md): canned answers kept as data per
 * locale, and the contact-form requests to read. The chat itself is chat.ts's, shared with the
 * token console.
 */
export const CANNED_LIMITS = { titleMax: 80, textMax: 1000, perLocale: 100 } as const;

export type CannedAnswerView = { id: number; locale: LocaleCode; title: string; text: string; updated_at: string };

/** What the audit trail keeps of a canned answer (its whole state: it is small). */
export type CannedAnswerState = { locale: string; title: string; text: string };

/** A contact-form message as the back office lists it (the contract's shape). */
export type SupportRequestView = SupportRequestItem;

export const requestReference = (id: number) => `S-${String(id).padStart(6, '0')}`;

type CannedRow = typeof supportCannedAnswers.$inferSelect;

const cannedView = (row: CannedRow): CannedAnswerView => ({ id: row.id, locale: row.locale as LocaleCode, title: row.title, text: row.text, updated_at: row.updatedAt.toISOString() });
const cannedState = (row: CannedRow): CannedAnswerState => ({ locale: row.locale, title: row.title, text: row.text });
const unknownAnswer = () => new AppError('InvalidParameterException', 'No such canned answer', { fields: { id: 'No such canned answer' } });

export function createSupportDesk(db: Db) {
  return {
    /** Canned answers of a locale (or of every locale), by title. */
    async cannedAnswers(locale?: LocaleCode): Promise<CannedAnswerView[]> {
      const rows = await db
        .select()
        .from(supportCannedAnswers)
        .where(locale ? eq(supportCannedAnswers.locale, locale) : undefined)
        .orderBy(asc(supportCannedAnswers.locale), asc(supportCannedAnswers.title), asc(supportCannedAnswers.id));
      return rows.map(cannedView);
    },

    async createCanned(input: CannedAnswerState & { locale: LocaleCode }): Promise<{ answer: CannedAnswerView; after: CannedAnswerState }> {
      const [{ n }] = await db.select({ n: count() }).from(supportCannedAnswers).where(eq(supportCannedAnswers.locale, input.locale));
      if (n >= CANNED_LIMITS.perLocale) {
        throw new AppError('InvalidParameterException', 'Too many canned answers', { fields: { locale: `At most ${CANNED_LIMITS.perLocale} canned answers per language` } });
      }
      const [row] = await db.insert(supportCannedAnswers).values({ locale: input.locale, title: input.title, text: input.text }).returning();
      return { answer: cannedView(row), after: cannedState(row) };
    },

    async updateCanned(id: number, input: CannedAnswerState & { locale: LocaleCode }): Promise<{ answer: CannedAnswerView; before: CannedAnswerState; after: CannedAnswerState }> {
      return db.transaction(async (tx) => {
        const [old] = await tx.select().from(supportCannedAnswers).where(eq(supportCannedAnswers.id, id)).for('update');
        if (!old) throw unknownAnswer();
        const [row] = await tx
          .update(supportCannedAnswers)
          .set({ locale: input.locale, title: input.title, text: input.text, updatedAt: new Date() })
          .where(eq(supportCannedAnswers.id, id))
          .returning();
        return { answer: cannedView(row), before: cannedState(old), after: cannedState(row) };
      });
    },

    async deleteCanned(id: number): Promise<{ before: CannedAnswerState }> {
      const [row] = await db.delete(supportCannedAnswers).where(eq(supportCannedAnswers.id, id)).returning();
      if (!row) throw unknownAnswer();
      return { before: cannedState(row) };
    },

    /** Contact-form requests, newest first, a page at a time; `userId` narrows to one player's. */
    async requests(page: { limit: number; offset: number; userId?: number }): Promise<{ items: SupportRequestView[]; total: number }> {
      const where = page.userId !== undefined ? and(eq(supportRequests.userId, page.userId)) : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(supportRequests).where(where).orderBy(desc(supportRequests.id)).limit(page.limit).offset(page.offset),
        db.select({ total: count() }).from(supportRequests).where(where),
      ]);
      return {
        total,
        items: rows.map((row) => ({
          id: row.id,
          reference: requestReference(row.id),
          user_id: row.userId,
          name: row.name,
          email: row.email,
          topic: row.topic,
          message: row.message,
          locale: row.locale,
          created_at: row.createdAt.toISOString(),
          mailed_at: row.mailedAt?.toISOString() ?? null,
        })),
      };
    },
  };
}

export type SupportDesk = ReturnType<typeof createSupportDesk>;
