import type postgres from "postgres";

/** What a transaction's client offers beyond queries: savepoints, as postgres.js's own does. */
type TransactionSql = postgres.Sql & {
  savepoint<T>(work: (sql: TransactionSql) => T | Promise<T>): Promise<T>;
  savepoint<T>(name: string, work: (sql: TransactionSql) => T | Promise<T>): Promise<T>;
};

type Work<T> = (sql: TransactionSql) => T | Promise<T>;

/**
 * `sql.begin` for a pool shared by many requests (docs/decisions/101). postgres.js 3.4 can write
 * a transaction's BEGIN on a connection it then leaves in the pool (its `execute` skips the
 * reservation when that BEGIN fills the connection's pipeline): the caller gets
 * UNSAFE_TRANSACTION, and every later query on that connection runs inside a transaction nobody
 * commits. Here the connection is reserved first, while nothing is in flight on it, and the
 * transaction runs on it alone. `unsafe` asks for prepared statements when `prepare` is set
 * (docs/decisions/075).
 */
export async function beginOnReservedConnection<T>(
  pool: postgres.Sql,
  options: string,
  work: Work<T>,
  { prepare }: { prepare: boolean },
): Promise<T> {
  const reserved = await pool.reserve();
  let savepoints = 0;
  let lost = false;
  const client = transactionClient(reserved);
  try {
    // The same options postgres.js's begin accepts ("isolation level repeatable read read only").
    await reserved.unsafe(`begin ${options.replace(/[^a-z ]/gi, "")}`);
    const result = await undoneOnError(client, work, "rollback");
    await reserved.unsafe("commit");
    return result;
  } catch (err) {
    lost ||= connectionLost(err);
    throw err;
  } finally {
    // postgres.js has already put a closed connection back among those it reconnects; handing it
    // back again would send the queued queries down its closed socket.
    if (!lost) reserved.release();
  }

  function transactionClient(sql: postgres.Sql): TransactionSql {
    return new Proxy(sql, {
      get(target, property, receiver) {
        if (property === "savepoint") return savepoint;
        const value = Reflect.get(target, property, receiver);
        if (property === "unsafe" && prepare && typeof value === "function") {
          return (query: string, parameters?: unknown[], queryOptions?: object) =>
            target.unsafe(query, parameters as never, { ...queryOptions, prepare: true });
        }
        return value;
      },
    }) as TransactionSql;
  }

  async function savepoint<S>(...args: [Work<S>] | [string, Work<S>]): Promise<S> {
    const inner = args.length === 1 ? args[0] : args[1];
    const named = args.length === 2 ? `_${args[0].replace(/[^a-z0-9_]/gi, "")}` : "";
    const name = `s${savepoints++}${named}`;
    await reserved.unsafe(`savepoint ${name}`);
    const result = await undoneOnError(client, inner, `rollback to savepoint ${name}`);
    await reserved.unsafe(`release savepoint ${name}`);
    return result;
  }

  async function undoneOnError<S>(sql: TransactionSql, fn: Work<S>, undo: string): Promise<S> {
    try {
      return await fn(sql);
    } catch (err) {
      lost ||= connectionLost(err);
      // A connection that is gone has nothing left to undo; the work's own error is the answer.
      if (!lost) await reserved.unsafe(undo).catch((undoErr) => (lost ||= connectionLost(undoErr)));
      throw err;
    }
  }
}

const CONNECTION_LOST = new Set(["CONNECTION_CLOSED", "CONNECTION_DESTROYED", "CONNECTION_ENDED"]);

/** Whether an error (or what it wraps: Drizzle puts the driver's error in `cause`) is a lost connection. */
function connectionLost(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if (CONNECTION_LOST.has((e as { code?: string }).code ?? "")) return true;
  }
  return false;
}
