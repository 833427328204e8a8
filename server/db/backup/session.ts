import type { Database } from "../client";

/** The two things backup and restore ask of a database connection, on PGlite and PostgreSQL alike. */
export type SqlSession = {
  /** Runs one statement and returns its rows as arrays (cast columns to text to get text). */
  rows(query: string): Promise<unknown[][]>;
  /** Runs one or more statements whose results are not needed (simple query protocol). */
  run(statements: string): Promise<void>;
};

/**
 * Runs `fn` in one transaction on one connection. `snapshot` is a read-only REPEATABLE READ
 * transaction: every table is read as of the same moment while the shop keeps running on
 * PostgreSQL. `write` commits only if `fn` returns, so a failed restore leaves nothing behind.
 */
export async function inTransaction<T>(
  database: Database,
  mode: "snapshot" | "write",
  fn: (session: SqlSession) => Promise<T>,
): Promise<T> {
  if (database.postgres) {
    const options = mode === "snapshot" ? "isolation level repeatable read read only" : "";
    return (await database.postgres.begin(options, (tx) =>
      fn({
        rows: async (query) => (await tx.unsafe(query).values()) as unknown[][],
        run: async (statements) => {
          await tx.unsafe(statements).simple();
        },
      }),
    )) as T;
  }
  if (!database.pglite) throw new Error("The database has neither a PGlite nor a postgres client");
  return database.pglite.transaction(async (tx) => {
    if (mode === "snapshot")
      await tx.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    return fn({
      rows: async (query) => (await tx.query<unknown[]>(query, [], { rowMode: "array" })).rows,
      run: async (statements) => {
        await tx.exec(statements);
      },
    });
  });
}
