import path from "node:path";
import { type Auth, createAuth, resolveAuthSecret } from "./auth/auth";
import type { Config } from "./config";
import { type Database, type Db, openDatabase } from "./db/client";
import { LocalMediaStorage, type MediaStorage } from "./media/storage";

/** Everything a request handler or a script needs, opened once per process. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  media: MediaStorage;
  close: () => Promise<void>;
};

export async function createAppContext(config: Config, opened?: Database): Promise<AppContext> {
  const database = opened ?? (await openDatabase(config.database));
  const auth = createAuth(database.db, config, resolveAuthSecret(config));
  return {
    config,
    database,
    db: database.db,
    auth,
    media: new LocalMediaStorage(path.join(config.dataDir, "media")),
    close: database.close,
  };
}
