/**
 * What a running server holds once V8 has collected its garbage: SIGUSR1 opens the server's
 * inspector on `inspectPort` (the server is started with `--inspect-port`), a full collection is
 * forced (`HeapProfiler.collectGarbage`), `process.memoryUsage()` is read, and the inspector is
 * closed again. An RSS trend counts garbage not yet collected and pages the allocators keep;
 * this says how much is live (docs/decisions/049).
 */
export type CollectedMemory = {
  rssMB: number;
  /** Live JavaScript heap after the collection. */
  heapUsedMB: number;
  /** V8's committed heap after the collection. */
  heapTotalMB: number;
  /** Buffers outside V8's heap (Node's Buffers, WebAssembly memory not counted). */
  arrayBuffersMB: number;
};

const MB = 1024 * 1024;

async function debuggerUrl(inspectPort: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
        webSocketDebuggerUrl?: string;
      }[];
      const url = targets[0]?.webSocketDebuggerUrl;
      if (url) return url;
    } catch {
      // The inspector is not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`no inspector on port ${inspectPort}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Calls the inspector's methods one after another and answers their results. */
function inspectorSession(url: string) {
  const socket = new WebSocket(url);
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("inspector socket failed")), {
      once: true,
    });
  });
  let nextId = 1;
  const waiting = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  // A call the server never answers fails instead of holding the bench for ever.
  socket.addEventListener("close", () => {
    for (const answer of waiting.values()) answer({ error: "the inspector closed the session" });
    waiting.clear();
  });
  return {
    async call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
      await opened;
      const id = nextId++;
      const answer = new Promise<{ result?: unknown; error?: unknown }>((resolve) =>
        waiting.set(id, resolve),
      );
      socket.send(JSON.stringify({ id, method, params }));
      const message = await answer;
      if (message.error) throw new Error(`${method}: ${JSON.stringify(message.error)}`);
      return message.result;
    },
    close: () => socket.close(),
  };
}

export async function collectedMemory(pid: number, inspectPort: number): Promise<CollectedMemory> {
  process.kill(pid, "SIGUSR1");
  const session = inspectorSession(await debuggerUrl(inspectPort));
  try {
    await session.call("HeapProfiler.collectGarbage");
    const result = (await session.call("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    })) as { result: { value: string } };
    const usage = JSON.parse(result.result.value) as NodeJS.MemoryUsage;
    // The port closes again once this session has gone (close() waits for every session to
    // end, so it is called a moment later, not from within the session).
    await session.call("Runtime.evaluate", {
      expression: 'setTimeout(() => process.getBuiltinModule("node:inspector").close(), 200), 0',
    });
    return {
      rssMB: usage.rss / MB,
      heapUsedMB: usage.heapUsed / MB,
      heapTotalMB: usage.heapTotal / MB,
      arrayBuffersMB: usage.arrayBuffers / MB,
    };
  } finally {
    session.close();
  }
}
