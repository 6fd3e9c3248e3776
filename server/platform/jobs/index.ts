/**
 * The job runner's public face (docs/events.md): event handlers on the transactional outbox,
 * scheduled jobs on cron expressions, named jobs queued by code.
 */
export { createJobRunner, nextRun, defaultBackoffMs, type JobRunner, type JobRunnerOptions, type EventHandler, type DispatchEffect, type ScheduledJob, type NamedJob, type JobContext } from './runner.ts';
export { housekeeping, statistics, OUTBOX_RETENTION_DAYS } from './housekeeping.ts';
export { listJobs, retryJob, type JobListing } from './admin.ts';
