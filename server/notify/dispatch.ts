import { asc, eq } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import { messages } from "../db/schema";
import type { JobQueue } from "../jobs/job-queue";
import { logger } from "../logger";
import { MESSAGE_QUEUED_CHANNEL } from "./queue";

export type SendMessageJob = { messageId: string };

/** Queues the send jobs of these messages; a job of a message already waiting or running stays alone. */
export async function requestSends(jobs: JobQueue, messageIds: readonly string[]): Promise<void> {
  await jobs.sendMany(
    "send-message",
    messageIds.map((messageId) => ({
      data: { messageId } satisfies SendMessageJob,
      key: messageId,
    })),
  );
}

/**
 * Messages heard within this window are queued by one statement: during a sale every order's SMS
 * and email would otherwise cost the server a job insert each (decision 064).
 */
const HEARD_BATCH_MS = 10;
const HEARD_BATCH_MAX = 200;

/**
 * Listens for messages committed by any server (the `messages` insert trigger's NOTIFY, sent on
 * commit) and queues their send jobs at once. Answers a function that stops listening.
 */
export async function hearQueuedMessages(
  database: Database,
  jobs: JobQueue,
): Promise<() => Promise<void>> {
  const waiting = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.size === 0) return;
    const ids = [...waiting];
    waiting.clear();
    await requestSends(jobs, ids).catch((err) =>
      // The sweep queues them within a minute.
      logger.warn({ err, messageIds: ids }, "could not queue messages' jobs"),
    );
  };
  const heard = (payload: string) => {
    if (!payload) return;
    waiting.add(payload);
    if (waiting.size >= HEARD_BATCH_MAX) void flush();
    else timer ??= setTimeout(() => void flush(), HEARD_BATCH_MS);
  };
  let unlisten: () => Promise<unknown> = async () => {};
  if (database.pglite) {
    unlisten = await database.pglite.listen(MESSAGE_QUEUED_CHANNEL, heard);
  } else if (database.postgres) {
    ({ unlisten } = await database.postgres.listen(MESSAGE_QUEUED_CHANNEL, heard));
  }
  return async () => {
    await unlisten().catch(() => {});
    await flush();
  };
}

/**
 * Queues a job for every message still `queued`: one whose notification no server heard (they
 * were all down when it committed). Runs at start and every minute; a message whose job waits
 * or runs is not queued twice (the job's key), and a job that finds its message sent does
 * nothing.
 */
export async function sweepQueuedMessages(db: Db, jobs: JobQueue): Promise<number> {
  const waiting = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.status, "queued"))
    .orderBy(asc(messages.createdAt))
    .limit(500);
  await requestSends(
    jobs,
    waiting.map(({ id }) => id),
  );
  return waiting.length;
}
