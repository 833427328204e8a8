/** What changed in the catalogue: readers that cache catalogue data drop what this touches. */
export type CatalogueChange = { kind: "product" | "slide"; id: string };

export type CatalogueListener = (change: CatalogueChange) => void;

/**
 * The channel every product and slide write publishes on, after its transaction has committed.
 * Caches subscribe to it. This in-process version reaches the listeners of this process only;
 * a shared implementation (PostgreSQL LISTEN/NOTIFY or Redis) reaches every server.
 */
export interface CatalogueEvents {
  publish(change: CatalogueChange): Promise<void>;
  subscribe(listener: CatalogueListener): () => void;
  close(): Promise<void>;
}

export function inProcessCatalogueEvents(): CatalogueEvents {
  const listeners = new Set<CatalogueListener>();
  return {
    async publish(change) {
      for (const listener of listeners) listener(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
