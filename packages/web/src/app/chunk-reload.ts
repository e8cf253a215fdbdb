/**
 * A screen chunk that fails to load (a deploy replaced it, or the network dropped) reloads the
 * pending path once (spec 000, section 2). A second failure within the window shows the error
 * instead of reloading forever.
 */
const KEY = 'shetuan:chunk-reload';
const WINDOW_MS = 10_000;
/** Spec 000 §8, §9: a script chunk that has not arrived after 120 s has failed (ChunkLoadError). */
export const CHUNK_TIMEOUT_MS = 120_000;

/**
 * Loads a screen chunk, failing with a ChunkLoadError when it has not arrived within the spec's
 * 120 s (a stalled connection never settles on its own); the route's error boundary then reloads
 * the pending path like any other chunk failure.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`Loading chunk failed: no answer after ${timeoutMs} ms`);
      error.name = 'ChunkLoadError';
      reject(error);
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: string; message?: string };
  if (name === 'ChunkLoadError') return true;
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|CSS_CHUNK_LOAD_FAILED/i.test(
    message ?? '',
  );
}

/** Records the reload and says whether it may happen (false when this path just reloaded). */
export function claimReload(
  path: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  now = Date.now(),
): boolean {
  try {
    const last = JSON.parse(storage.getItem(KEY) ?? 'null') as { path: string; at: number } | null;
    if (last && last.path === path && now - last.at < WINDOW_MS) return false;
    storage.setItem(KEY, JSON.stringify({ path, at: now }));
    return true;
  } catch {
    return false;
  }
}
