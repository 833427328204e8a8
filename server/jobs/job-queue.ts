import { sql } from "drizzle-orm";
import {
  fromDrizzle,
  fromPglite,
  type Job,
  type JobResult,
  PgBoss,
  type QueuePolicy,
} from "pg-boss";
import type { Database, Db } from "../db/client";
import { logger } from "../logger";

/**
 * Background work runs on pg-boss (decision 050): jobs live in the shop's own database (schema
 * `pgboss`), on PGlite and PostgreSQL alike, so a job is stored in the same transaction as the
 * change that asks for it, survives a crash, and is taken by one server only (`SKIP LOCKED`).
 */

/** What each queue is for, how it retries and how many of one key may wait or run at once. */
type QueueDefinition = {
  policy: QueuePolicy;
  retryLimit: number;
  /** Seconds before the first retry; doubled on each further one (with jitter), up to retryDelayMax. */
  retryDelay: number;
  retryDelayMax: number;
  /** A job not finished in this time is failed and retried (a stuck courier call). */
  expireInSeconds: number;
  /** A running job reports every half of this; silent longer (its server died) → retried. */
  heartbeatSeconds?: number;
};

export const QUEUES = {
  /** Books one order with its courier; one job per order queued or running at a time. */
  "courier-booking": {
    policy: "exclusive",
    retryLimit: 6,
    retryDelay: 30,
    retryDelayMax: 30 * 60,
    expireInSeconds: 5 * 60,
    heartbeatSeconds: 10,
  },
  /** Asks the couriers for the status of parcels on the way (a webhook may never come). */
  "courier-status-poll": {
    policy: "exclusive",
    retryLimit: 2,
    retryDelay: 60,
    retryDelayMax: 10 * 60,
    expireInSeconds: 15 * 60,
    heartbeatSeconds: 30,
  },
  /** Steadfast's history of one phone number across merchants, once per number and day. */
  "fraud-check": {
    policy: "exclusive",
    retryLimit: 4,
    retryDelay: 60,
    retryDelayMax: 60 * 60,
    expireInSeconds: 2 * 60,
  },
  /**
   * Sends one SMS or email (decision 059), keyed by message id: one job per message queued or
   * running. 5 retries, 30 s doubling to 30 min (MESSAGE_RETRY_SECONDS).
   */
  "send-message": {
    policy: "exclusive",
    retryLimit: 5,
    retryDelay: 30,
    retryDelayMax: 30 * 60,
    expireInSeconds: 2 * 60,
    heartbeatSeconds: 10,
  },
  /** Every minute: a job for each message still queued that no server heard of (a crash). */
  "message-sweep": {
    policy: "exclusive",
    retryLimit: 1,
    retryDelay: 30,
    retryDelayMax: 60,
    expireInSeconds: 60,
  },
} as const satisfies Record<string, QueueDefinition>;

export type QueueName = keyof typeof QUEUES;

/**
 * Jobs a worker takes per fetch, run one after the other: small enough that the last of a batch
 * of slow calls (15 s timeouts) still ends well inside its queue's expiry.
 */
const WORK_BATCH_SIZE = 5;

/** How often the status poll is sent. */
export const STATUS_POLL_SECONDS = 15 * 60;

/** Messages that no server heard of are queued within a minute. */
export const MESSAGE_SWEEP_SECONDS = 60;

/** Each server offers a periodic job this many times a period (the first offer in a period wins). */
const OFFERS_PER_PERIOD = 4;

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export type JobQueue = {
  /**
   * Queues a job; inside a transaction (`tx`) it is stored with the transaction's changes, or
   * not at all. With `key`, a job whose key already waits or runs is not queued again (null).
   */
  send: (
    queue: QueueName,
    data: object,
    options?: { key?: string; tx?: Db; startAfterSeconds?: number },
  ) => Promise<string | null>;
  /**
   * Queues several jobs of one queue in one statement; a job whose key already waits or runs is
   * skipped, as with `send`.
   */
  sendMany: (queue: QueueName, jobs: readonly { data: object; key?: string }[]) => Promise<void>;
  /** Starts taking jobs of `queue` on this server. */
  work: <T>(queue: QueueName, handler: JobHandler<T>) => Promise<void>;
  /**
   * Sends `queue` a job every `seconds`: one job a period whatever the number of servers, none
   * while the last one still waits or runs. Stops with the queue.
   */
  every: (queue: QueueName, seconds: number) => void;
  /** The job's state, for tests and the admin's view of a failed job. */
  state: (queue: QueueName, id: string) => Promise<string | null>;
  /** Stops taking jobs, waits up to `timeoutMs` for running ones, then lets go of the database. */
  stop: (timeoutMs?: number) => Promise<void>;
};

export type JobQueueOptions = {
  /** How often a server looks for jobs left running by a server that died (JOB_MONITOR_SECONDS). */
  monitorSeconds: number;
  /** The first retry's delay of a courier booking (COURIER_RETRY_SECONDS); doubled after. */
  courierRetrySeconds?: number;
  /** The first retry's delay of a message (MESSAGE_RETRY_SECONDS); doubled after. */
  messageRetrySeconds?: number;
};

function bossFor(database: Database, options: JobQueueOptions): PgBoss {
  const shared = {
    superviseIntervalSeconds: options.monitorSeconds,
    monitorIntervalSeconds: options.monitorSeconds,
    useListenNotify: true,
    // Our own migrations run before; pg-boss keeps its schema (`pgboss`) under its own lock.
    migrate: true,
    // Periodic jobs are throttled sends (`every`), not cron schedules: pg-boss reads cron with
    // Luxon, whose first date creates an Intl object and loads ICU's locale data (decision 076).
    schedule: false,
  };
  if (database.pglite) {
    return new PgBoss({ ...shared, backend: "pglite", db: fromPglite(database.pglite) });
  }
  if (!database.url) throw new Error("the job queue needs the PostgreSQL URL");
  // A small pool of its own (pg-boss's tested path), beside the app's postgres.js pool.
  return new PgBoss({ ...shared, connectionString: database.url, max: 3 });
}

/** Seconds before a job of `queue` is first tried again: the queue's own, or the configured one. */
function firstRetryDelay(queue: QueueName, options: JobQueueOptions): number {
  const own = QUEUES[queue].retryDelay;
  if (queue === "courier-booking") return options.courierRetrySeconds ?? own;
  if (queue === "send-message") return options.messageRetrySeconds ?? own;
  return own;
}

/** Opens the job queue on the shop's database, creating pg-boss's schema and our queues. */
export async function openJobQueue(
  database: Database,
  options: JobQueueOptions,
): Promise<JobQueue> {
  const boss = bossFor(database, options);
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  await boss.start();
  for (const [name, definition] of Object.entries(QUEUES) as [QueueName, QueueDefinition][]) {
    const retryDelay = firstRetryDelay(name, options);
    const settings = { ...definition, retryDelay, retryBackoff: true, notify: true };
    if (await boss.getQueue(name)) {
      // The settings of this version and configuration, for jobs queued from now on.
      const {
        policy: _policy,
        heartbeatSeconds: _h,
        retryDelayMax: _m,
        ...changeable
      } = settings as typeof settings & {
        heartbeatSeconds?: number;
      };
      await boss.updateQueue(name, changeable);
    } else {
      await boss.createQueue(name, settings);
    }
  }
  // Schedules an earlier version made; with cron off they would lie in the table unused.
  for (const queue of ["message-sweep", "courier-status-poll"] as const) {
    await boss.unschedule(queue);
  }
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  return {
    async send(queue, data, { key, tx, startAfterSeconds } = {}) {
      return boss.send(queue, data, {
        ...(key ? { singletonKey: key } : {}),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
        ...(tx ? { db: fromDrizzle(tx as never, sql) } : {}),
      });
    },
    async sendMany(queue, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        queue,
        jobs.map(({ data, key }) => ({ data, ...(key ? { singletonKey: key } : {}) })),
      );
    },
    async work(queue, handler) {
      const retryDelay = firstRetryDelay(queue, options);
      await boss.work(
        queue,
        {
          // A retry's backoff is only seconds to minutes, and no notification announces a retry
          // that falls due: look again every few seconds, and at least as often as the queue's
          // first retry delay, so that no retry waits longer for the poll than for its delay.
          pollingIntervalSeconds: Math.min(2, retryDelay),
          notifyPollingIntervalSeconds: Math.min(5, retryDelay),
          // A few jobs per fetch, fetched again at once while fetches come back full: a backlog
          // (a sale's messages, a bulk confirmation's bookings) drains without waiting for a poll
          // per job (decision 064). Each job is settled on its own: one failure retries only it.
          batchSize: WORK_BATCH_SIZE,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        async (jobs) => {
          const results: JobResult[] = [];
          for (const job of jobs) {
            try {
              await handler(job as never);
              results.push({ id: job.id, status: "completed" });
            } catch (err) {
              logger.warn({ err, queue, jobId: job.id, retry: job.retryCount }, "job failed");
              const message = err instanceof Error ? err.message : String(err);
              results.push({ id: job.id, status: "failed", output: { message } });
            }
          }
          return results;
        },
      );
    },
    every(queue, seconds) {
      // The period's slot is counted in the database's clock, so all servers share it.
      const offer = () =>
        boss.sendThrottled(queue, {}, null, seconds).catch((err) => {
          if (!stopped) logger.warn({ err, queue }, "could not queue a periodic job");
        });
      const timer = setInterval(offer, (seconds * 1000) / OFFERS_PER_PERIOD);
      timer.unref();
      timers.push(timer);
    },
    async state(queue, id) {
      const job = await boss.getJobById(queue, id);
      return job?.state ?? null;
    },
    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await boss.stop({ graceful: true, close: true, timeout: timeoutMs });
    },
  };
}
