import { asc, eq } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import { messages } from "../db/schema";
import type { JobQueue } from "../jobs/job-queue";
import { logger } from "../logger";
import { MESSAGE_QUEUED_CHANNEL } from "./queue";

export type SendMessageJob = { messageId: string };

/** Queues the send job of one message; a job of this message already waiting or running stays alone. */
export async function requestSend(jobs: JobQueue, messageId: string): Promise<void> {
  await jobs.send("send-message", { messageId } satisfies SendMessageJob, { key: messageId });
}

/**
 * Listens for messages committed by any server (the `messages` insert trigger's NOTIFY, sent on
 * commit) and queues their send jobs at once. Answers a function that stops listening.
 */
export async function hearQueuedMessages(
  database: Database,
  jobs: JobQueue,
): Promise<() => Promise<void>> {
  const heard = (payload: string) => {
    if (!payload) return;
    requestSend(jobs, payload).catch((err) =>
      // The sweep queues it within a minute.
      logger.warn({ err, messageId: payload }, "could not queue a message's job"),
    );
  };
  if (database.pglite) {
    const unlisten = await database.pglite.listen(MESSAGE_QUEUED_CHANNEL, heard);
    return async () => {
      await unlisten().catch(() => {});
    };
  }
  if (database.postgres) {
    const { unlisten } = await database.postgres.listen(MESSAGE_QUEUED_CHANNEL, heard);
    return async () => {
      await unlisten().catch(() => {});
    };
  }
  return async () => {};
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
  for (const { id } of waiting) await requestSend(jobs, id);
  return waiting.length;
}
