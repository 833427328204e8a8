import { describe, expect, it } from "vitest";
import { parseWrkReport } from "./load";

/** Reports as wrk 4.1 (Debian's package) prints them with --latency. */
const OK_REPORT = `Running 1s test @ http://127.0.0.1:4790/livez
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.52ms    2.82ms  28.33ms   94.17%
    Req/Sec     4.40k     1.28k    6.10k    60.00%
  Latency Distribution
     50%  653.00us
     75%    1.12ms
     90%    2.90ms
     99%   17.15ms
  4396 requests in 1.00s, 1.83MB read
Requests/sec:   4384.21
Transfer/sec:      1.83MB
`;

const FAILING_REPORT = `Running 1s test @ http://127.0.0.1:4790/nope-404
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    48.17ms   18.50ms    1.25s    76.19%
    Req/Sec    81.80     25.86   110.00     70.00%
  Latency Distribution
     50%   43.56ms
     75%   57.79ms
     90%   74.90ms
     99%    1.25s
  82 requests in 1.01s, 2.26MB read
  Socket errors: connect 0, read 3, write 1, timeout 2
  Non-2xx or 3xx responses: 80
Requests/sec:     81.15
Transfer/sec:      2.24MB
`;

describe("wrk's report", () => {
  it("gives the rate, the median and 99th percentile in ms, and every request as 2xx", () => {
    expect(parseWrkReport(OK_REPORT)).toEqual({
      requestsPerSecond: 4384.21,
      latencyP50Ms: 0.653,
      latencyP99Ms: 17.15,
      requests: 4396,
      ok2xx: 4396,
      non2xx: 0,
      errors: 0,
      timeouts: 0,
    });
  });

  it("counts failed answers, socket errors and timeouts, with latencies in seconds", () => {
    expect(parseWrkReport(FAILING_REPORT)).toMatchObject({
      latencyP99Ms: 1250,
      requests: 82,
      ok2xx: 2,
      non2xx: 80,
      errors: 4,
      timeouts: 2,
    });
  });

  it("refuses output that is not a report", () => {
    expect(() => parseWrkReport("wrk: invalid URL")).toThrow(/not a wrk report/);
  });
});
