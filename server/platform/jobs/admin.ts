import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database.ts';

export type JobListing = {
  id: number;
  name: string;
  key: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
  last_error: string | null;
  failed_at: string | null;
};

/** Jobs that failed for good, or that are waiting (pending, retrying), oldest first (ops jobs:list). */
export function listJobs(db: Db, which: 'failed' | 'pending', limit = 100): Promise<JobListing[]> {
  return queryRows<JobListing>(db, sql`
    select id, name, key, attempts, max_attempts, run_at::text as run_at, last_error, failed_at::text as failed_at
    from jobs
    where completed_at is null and ${which === 'failed' ? sql`failed_at is not null` : sql`failed_at is null`}
    order by id limit ${limit}`);
}

/** Gives a failed job a fresh set of attempts, due now (ops jobs:retry). Answers whether it was failed. */
export async function retryJob(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`
    update jobs set failed_at = null, attempts = 0, run_at = now() where id = ${id} and failed_at is not null and completed_at is null returning id`);
  return rows.length === 1;
}
