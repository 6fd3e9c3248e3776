import { SPORTS } from '../../../contract/betting.ts';
import type { Db } from '../../platform/db/database.ts';
import { bettingEvents } from '../../db/schema/betting.ts';
import { createBook } from './book.ts';
import { demoFixture, scheduleDemoFixture, seededRandom, type Booking } from './feed.ts';

/**
 * The demo sportsbook's first fixtures, so /betting has content at once: per sport, two matches
 * in play and six to come over the next hours. Only into an empty book; the demo feed (job
 * runner) then plays them out and keeps the schedule full.
 */
export async function seedBetting(db: Db, now = new Date()): Promise<void> {
  const [any] = await db.select({ id: bettingEvents.id }).from(bettingEvents).limit(1);
  if (any) return;
  const book = createBook({ db, publish: async () => undefined });
  const random = seededRandom(13);
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  // Sides are booked as the fixtures are drawn, so no participant is in two overlapping matches.
  const bookings: Booking[] = [];
  const fixtures = SPORTS.flatMap((sport) =>
    Array.from({ length: 8 }, (_, n) => {
      const live = n < 2;
      // Live ones kicked off a few minutes ago; the others every 20-50 minutes from now.
      const startsAt = new Date(live ? minute - (3 + n * 4) * 60_000 : minute + (n - 1) * 35 * 60_000 + Math.floor(random() * 15) * 60_000);
      const feedRef = `seed:${sport}:${n}`;
      // Two live matches need four free sides; every competition has six or more.
      const fixture = live ? demoFixture(sport, startsAt, random, feedRef, true, bookings)! : scheduleDemoFixture(sport, startsAt, random, feedRef, bookings);
      bookings.push({ sport, home: fixture.home, away: fixture.away, startsAt: fixture.startsAt });
      return fixture;
    }),
  );
  await book.createEvents(fixtures);
}
