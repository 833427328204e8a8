import { useCallback, useSyncExternalStore } from "react";

/** decisions.md: favourites (the heart) persist in this browser. */
export const FAVOURITES_STORAGE_KEY = "favorites";
const CHANGE_EVENT = "haat:favorites-change";

let cachedJson: string | null | undefined;
let cachedIds: readonly string[] = [];
const EMPTY: readonly string[] = [];

export function parseFavourites(json: string | null): string[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed)
      ? parsed.filter((x): x is string => typeof x === "string" && x.length > 0 && x.length <= 64)
      : [];
  } catch {
    return [];
  }
}

/** The id list with `id` added, or removed when it is there. */
export function toggled(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

function read(): readonly string[] {
  let json: string | null = null;
  try {
    json = window.localStorage.getItem(FAVOURITES_STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (json !== cachedJson) {
    cachedJson = json;
    cachedIds = parseFavourites(json);
  }
  return cachedIds;
}

function subscribe(listener: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === FAVOURITES_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGE_EVENT, listener);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGE_EVENT, listener);
  };
}

/** Whether `id` is a favourite, and a toggle; false during SSR. */
export function useFavourite(id: string): [boolean, () => void] {
  const isFavourite = useSyncExternalStore(
    subscribe,
    () => read().includes(id),
    () => false,
  );
  const toggle = useCallback(() => {
    try {
      window.localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(toggled(read(), id)));
    } catch {
      // Storage blocked: nothing to remember with.
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, [id]);
  return [isFavourite, toggle];
}
