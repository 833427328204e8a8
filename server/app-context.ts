import { apiTokenKey } from "./auth/api-token";
import { type Auth, createAuth, resolveAuthSecret } from "./auth/auth";
import type { PasswordHashing } from "./auth/password-hashing";
import { type BackgroundTasks, createBackgroundTasks } from "./background-tasks";
import { CatalogueCache } from "./catalogue/cache";
import {
  type CatalogueEvents,
  inProcessCatalogueEvents,
  postgresCatalogueEvents,
  REDIS_CATALOGUE_CHANNEL,
  redisCatalogueEvents,
} from "./catalogue/events";
import type { Config } from "./config";
import { type Couriers, createCouriers } from "./couriers/registry";
import { type Database, type Db, openDatabase } from "./db/client";
import { type JobQueue, openJobQueue } from "./jobs/job-queue";
import { startWorkers } from "./jobs/workers";
import { createMailer, type Mailer } from "./mail/mailer";
import { S3MediaStorage } from "./media/s3-storage";
import { LocalMediaStorage, type MediaStorage } from "./media/storage";
import { hearQueuedMessages } from "./notify/dispatch";
import { createSmsSender, type SmsSender } from "./notify/sms";
import { createRateLimiter, type RateLimiter } from "./rate-limit/limiter";
import { RATE_LIMITS } from "./rate-limit/rules";
import { memoryRateLimitStorage, redisRateLimitStorage } from "./rate-limit/storage";
import { orderCodeKey } from "./services/order-codes";

/** Everything a request handler or a script needs, opened once per process. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  /** HS256 key of the API tokens from POST /api/jwt (derived from the auth secret). */
  apiTokenKey: string;
  /** HMAC key of the order codes (ORDER_OTP, derived from the auth secret). */
  orderCodeKey: string;
  mailer: Mailer;
  /** Mails and other work started by a request and not awaited by it; `close` waits for them. */
  background: BackgroundTasks;
  media: MediaStorage;
  /** Product and slide writes publish here; catalogue caches listen. */
  catalogueEvents: CatalogueEvents;
  /** Catalogue reads (API answers, page loaders' service calls), cleared by every catalogue change. */
  catalogueCache: CatalogueCache;
  /** Rate limits (ours and Better Auth's), counted in Redis when REDIS_URL is set. */
  rateLimiter: RateLimiter;
  /** Background jobs (courier bookings, status polls, fraud checks) on pg-boss (decision 050). */
  jobs: JobQueue;
  /** The configured couriers (an unconfigured one is not offered). */
  couriers: Couriers;
  /** The SMS gateway (or the outbox folder) customers' messages go through (decision 059). */
  sms: SmsSender;
  close: () => Promise<void>;
};

/**
 * Parts a test may replace (a mailer that blocks until released, say); `workers: false` opens
 * the job queue without taking jobs (scripts); `courierTimeoutMs` shortens courier calls.
 */
export type AppContextOverrides = {
  mailer?: Mailer;
  workers?: boolean;
  courierTimeoutMs?: number;
  smsTimeoutMs?: number;
  passwordHashing?: PasswordHashing;
};

export async function createAppContext(
  config: Config,
  opened?: Database,
  overrides: AppContextOverrides = {},
): Promise<AppContext> {
  const database = opened ?? (await openDatabase(config.database));
  const secret = resolveAuthSecret(config);
  const mailer = overrides.mailer ?? createMailer(config);
  const background = createBackgroundTasks();
  const redis = config.REDIS_URL
    ? redisRateLimitStorage(config.REDIS_URL, config.REDIS_PREFIX)
    : undefined;
  const rateLimiter = createRateLimiter(
    redis?.storage ?? memoryRateLimitStorage(),
    config.rateLimit,
    {
      orderPerAddress: { ...RATE_LIMITS.orderPerAddress, max: config.ORDER_LIMIT_PER_ADDRESS },
    },
  );
  const auth = createAuth(database.db, config, secret, {
    mailer,
    rateLimiter,
    background,
    passwordHashing: overrides.passwordHashing,
  });
  try {
    await redis?.ready;
  } catch (err) {
    redis?.close();
    throw err;
  }
  const catalogueEvents = await openCatalogueEvents(config, database);
  const catalogueCache = new CatalogueCache();
  const stopFollowing = catalogueCache.follow(catalogueEvents);
  const jobs = await openJobQueue(database, {
    monitorSeconds: config.JOB_MONITOR_SECONDS,
    courierRetrySeconds: config.COURIER_RETRY_SECONDS,
    messageRetrySeconds: config.MESSAGE_RETRY_SECONDS,
  });
  let stopHearingMessages: () => Promise<void> = async () => {};
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    auth,
    apiTokenKey: apiTokenKey(secret),
    orderCodeKey: orderCodeKey(secret),
    mailer,
    background,
    media:
      config.media.kind === "s3"
        ? new S3MediaStorage(config.media)
        : new LocalMediaStorage(config.media.dir),
    catalogueEvents,
    catalogueCache,
    rateLimiter,
    jobs,
    couriers: createCouriers(config.couriers, overrides.courierTimeoutMs),
    sms: createSmsSender(config.sms, overrides.smsTimeoutMs),
    async close() {
      await stopHearingMessages();
      // First: running jobs finish (or are left to be retried) while the database is still open.
      await jobs.stop(10_000);
      await background.idle(10_000);
      stopFollowing();
      await catalogueEvents.close();
      mailer.close();
      redis?.close();
      await database.close();
    },
  };
  if (overrides.workers !== false) {
    await startWorkers(ctx);
    stopHearingMessages = await hearQueuedMessages(database, jobs);
  }
  return ctx;
}

/**
 * Redis when REDIS_URL is set (the operator's choice for what app servers share), else
 * LISTEN/NOTIFY on PostgreSQL, else in-process (PGlite: one process owns the database).
 */
async function openCatalogueEvents(config: Config, database: Database): Promise<CatalogueEvents> {
  const shared = config.REDIS_URL
    ? redisCatalogueEvents(config.REDIS_URL, `${config.REDIS_PREFIX}${REDIS_CATALOGUE_CHANNEL}`)
    : database.postgres
      ? postgresCatalogueEvents(database.postgres)
      : undefined;
  if (!shared) return inProcessCatalogueEvents();
  try {
    await shared.ready;
  } catch (err) {
    await shared.close().catch(() => {});
    throw err;
  }
  return shared;
}
