import { apiTokenKey } from "./auth/api-token";
import { type Auth, createAuth, resolveAuthSecret } from "./auth/auth";
import { redisRateLimitStorage } from "./auth/rate-limit-storage";
import { type CatalogueEvents, inProcessCatalogueEvents } from "./catalogue/events";
import type { Config } from "./config";
import { type Database, type Db, openDatabase } from "./db/client";
import { createMailer, type Mailer } from "./mail/mailer";
import { S3MediaStorage } from "./media/s3-storage";
import { LocalMediaStorage, type MediaStorage } from "./media/storage";

/** Everything a request handler or a script needs, opened once per process. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  /** HS256 key of the API tokens from POST /api/jwt (derived from the auth secret). */
  apiTokenKey: string;
  mailer: Mailer;
  media: MediaStorage;
  /** Product and slide writes publish here; catalogue caches listen. */
  catalogueEvents: CatalogueEvents;
  close: () => Promise<void>;
};

export async function createAppContext(config: Config, opened?: Database): Promise<AppContext> {
  const database = opened ?? (await openDatabase(config.database));
  const secret = resolveAuthSecret(config);
  const mailer = createMailer(config);
  const redis = config.REDIS_URL ? redisRateLimitStorage(config.REDIS_URL) : undefined;
  const auth = createAuth(database.db, config, secret, {
    mailer,
    rateLimitStorage: redis?.storage,
  });
  const catalogueEvents = inProcessCatalogueEvents();
  return {
    config,
    database,
    db: database.db,
    auth,
    apiTokenKey: apiTokenKey(secret),
    mailer,
    media:
      config.media.kind === "s3"
        ? new S3MediaStorage(config.media)
        : new LocalMediaStorage(config.media.dir),
    catalogueEvents,
    async close() {
      await catalogueEvents.close();
      mailer.close();
      redis?.close();
      await database.close();
    },
  };
}
