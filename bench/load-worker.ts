/**
 * The HTTP load generator, run as its own process (pinned to its own core by bench/load.ts) so
 * that it does not share an event loop or a core with the server it measures. Reads one job as
 * JSON from argv, runs autocannon and prints the figures as one JSON line on stdout.
 */
import autocannon from "autocannon";
import type { LoadFigures, LoadJob } from "./load";

const job = JSON.parse(process.argv[2] ?? "{}") as LoadJob;

const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.durationSeconds,
  method: job.method ?? "GET",
  headers: job.headers,
  body: job.body,
  // `[<id>]` in the headers or body becomes a fresh id per request (unique Idempotency-Keys).
  idReplacement: job.idReplacement ?? false,
  ...(job.paths ? { requests: job.paths.map((path) => ({ path })) } : {}),
  // A body picked at random per request: connections walking the list in the same order would
  // queue behind each other on every order's rows (a convoy no real shop has).
  ...(job.bodies
    ? {
        requests: [
          {
            setupRequest: (request: Record<string, unknown>) => ({
              ...request,
              body: job.bodies?.[Math.floor(Math.random() * job.bodies.length)],
            }),
          },
        ],
      }
    : {}),
});

const figures: LoadFigures = {
  requestsPerSecond: result.requests.average,
  latencyP50Ms: result.latency.p50,
  latencyP99Ms: result.latency.p99,
  requests: result.requests.total,
  ok2xx: result["2xx"],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
