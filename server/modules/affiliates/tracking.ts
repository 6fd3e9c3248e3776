import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { writeOutboxEvent } from '../../platform/events/outbox.ts';
import { affiliateLinks, affiliates, playerAttributions, trackingHits } from '../../db/schema/affiliates.ts';
import { decodeTouch, encodeTouch, isTrackedVisit, readHitQuery, type Touch } from './attribution.ts';

/** Hits are kept this long, then deleted by `affiliates.hits-retention`: the table stays bounded. */
export const HIT_RETENTION_DAYS = 90;

export type HitOutcome = {
  /** A new first-touch cookie to set (the visitor had none and this visit was tracked), or null. */
  cookie: string | null;
  affiliateId: number | null;
};

/** The active link a track_id names, with its affiliate while that affiliate is active too. */
async function activeLink(db: Db | Tx, by: { trackId: string } | { code: string }) {
  const [row] = await db
    .select({ id: affiliateLinks.id, affiliateId: affiliateLinks.affiliateId, trackId: affiliateLinks.trackId, landingPath: affiliateLinks.landingPath })
    .from(affiliateLinks)
    .innerJoin(affiliates, eq(affiliates.id, affiliateLinks.affiliateId))
    .where(and('trackId' in by ? eq(affiliateLinks.trackId, by.trackId) : eq(affiliateLinks.code, by.code), eq(affiliateLinks.status, 'active'), eq(affiliates.status, 'active')));
  return row ?? null;
}

export function createTracking(deps: { db: Db; secret: string }) {
  const { db, secret } = deps;

  /**
   * One `/hit`: recorded, and the first tracked visit of a browser becomes its first touch. A
   * visitor who has a valid first touch keeps it: a later visit with another track_id is recorded
   * as a hit and changes nothing (first touch wins).
   */
  async function recordHit(input: { visitorId: string; query: URLSearchParams; siteHost: string; cookie: string | undefined; now?: Date }): Promise<HitOutcome> {
    const now = input.now ?? new Date();
    const hit = readHitQuery(input.query, input.siteHost);
    const link = hit.trackId ? await activeLink(db, { trackId: hit.trackId }) : null;
    const existing = decodeTouch(input.cookie, secret, now);
    const firstTouch = !existing && isTrackedVisit(hit);
    await db.insert(trackingHits).values({
      visitorId: input.visitorId.slice(0, 64),
      referrer: hit.referrer,
      trackId: hit.trackId,
      tracking: hit.tracking,
      seonSession: hit.seonSession,
      affiliateId: link?.affiliateId ?? null,
      linkId: link?.id ?? null,
      firstTouch,
      createdAt: now,
    });
    if (!firstTouch) return { cookie: null, affiliateId: existing?.affiliateId ?? null };
    const touch: Touch = { referrer: hit.referrer, trackId: hit.trackId, tracking: hit.tracking, linkId: link?.id ?? null, affiliateId: link?.affiliateId ?? null, at: now.toISOString() };
    return { cookie: encodeTouch(touch, secret), affiliateId: touch.affiliateId };
  }

  /**
   * `/go/<code>`: where an affiliate link lands, with its track_id and the visit's own `td_*`
   * parameters, so the landing page's `/hit` records it. Null for an unknown or disabled link.
   */
  async function linkTarget(code: string, query: URLSearchParams): Promise<string | null> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) return null;
    const link = await activeLink(db, { code });
    if (!link) return null;
    const target = new URL(link.landingPath, 'http://site.invalid');
    for (const [key, value] of query) if (key.startsWith('td_')) target.searchParams.set(key, value);
    target.searchParams.set('track_id', link.trackId);
    return `${target.pathname}${target.search}`;
  }

  /**
   * Inside the sign-up's transaction: the visitor's first touch is copied onto the new account,
   * once. An account attributed to an active affiliate also gets its `affiliate.signup` event,
   * from which the job runner sends the partner's postback.
   */
  async function attachAtSignup(tx: Tx, userId: number, cookie: string | undefined): Promise<void> {
    const touch = decodeTouch(cookie, secret);
    if (!touch) return;
    // The link may have been disabled since the visit: only a still active one attributes.
    const link = touch.linkId !== null ? await activeLinkById(tx, touch.linkId) : null;
    const inserted = await tx
      .insert(playerAttributions)
      .values({
        userId,
        affiliateId: link?.affiliateId ?? null,
        linkId: link?.id ?? null,
        trackId: touch.trackId,
        referrer: touch.referrer,
        tracking: touch.tracking,
        firstSeenAt: new Date(touch.at),
      })
      .onConflictDoNothing()
      .returning({ affiliateId: playerAttributions.affiliateId });
    const affiliateId = inserted[0]?.affiliateId ?? null;
    if (affiliateId !== null) await writeOutboxEvent(tx, { type: 'affiliate.signup', userId, payload: { affiliateId, linkId: link?.id ?? null } });
  }

  async function activeLinkById(tx: Tx, linkId: number) {
    const [row] = await tx
      .select({ id: affiliateLinks.id, affiliateId: affiliateLinks.affiliateId })
      .from(affiliateLinks)
      .innerJoin(affiliates, eq(affiliates.id, affiliateLinks.affiliateId))
      .where(and(eq(affiliateLinks.id, linkId), eq(affiliateLinks.status, 'active'), eq(affiliates.status, 'active')));
    return row ?? null;
  }

  /** An account's attribution, for the back office's player page and the tests. */
  async function attributionOf(userId: number) {
    const [row] = await db.select().from(playerAttributions).where(eq(playerAttributions.userId, userId));
    return row ?? null;
  }

  return { recordHit, linkTarget, attachAtSignup, attributionOf };
}

/** The nightly job that keeps `tracking_hits` bounded. */
export const hitsRetentionJob = {
  name: 'affiliates.hits-retention',
  cron: '41 3 * * *',
  run: async (tx: Tx) => {
    await tx.delete(trackingHits).where(lt(trackingHits.createdAt, sql`now() - make_interval(days => ${HIT_RETENTION_DAYS})`));
  },
};

export type Tracking = ReturnType<typeof createTracking>;
