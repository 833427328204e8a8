import type { AppContext } from "../app-context";
import { type SendMessageJob, sweepQueuedMessages } from "../notify/dispatch";
import { runSendMessage } from "../notify/send";
import { type BookingJob, runCourierBooking } from "../services/courier-booking";
import { pollCourierStatuses } from "../services/courier-status";
import {
  type FraudCheckJob,
  requestFraudChecksForNewOrders,
  runFraudCheck,
} from "../services/risk";
import { MESSAGE_SWEEP_SECONDS, STATUS_POLL_SECONDS } from "./job-queue";

/** What this server does with each queue's jobs (started with the app context). */
export async function startWorkers(ctx: AppContext): Promise<void> {
  await ctx.jobs.work<BookingJob>("courier-booking", (job) => runCourierBooking(ctx, job));
  // Every 15 minutes: parcels whose webhook never came, and the day's new numbers to check.
  await ctx.jobs.work("courier-status-poll", async () => {
    await requestFraudChecksForNewOrders(ctx);
    await pollCourierStatuses(ctx);
  });
  await ctx.jobs.work<FraudCheckJob>("fraud-check", (job) => runFraudCheck(ctx, job.data));
  await ctx.jobs.work<SendMessageJob>("send-message", (job) => runSendMessage(ctx, job));
  await ctx.jobs.work("message-sweep", async () => {
    await sweepQueuedMessages(ctx.db, ctx.jobs);
  });
  ctx.jobs.every("message-sweep", MESSAGE_SWEEP_SECONDS);
  // Messages committed while no server was running (a crash right after an order) go now.
  await sweepQueuedMessages(ctx.db, ctx.jobs);
  if (ctx.couriers.offered().length > 0) {
    ctx.jobs.every("courier-status-poll", STATUS_POLL_SECONDS);
  }
}
