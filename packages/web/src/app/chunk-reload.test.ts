import { describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, claimReload, isChunkLoadError, loadChunk } from './chunk-reload';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('chunk reload', () => {
  it('recognises the load failures of Chromium, Firefox, Safari and webpack-style chunks', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /new/assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('CSS_CHUNK_LOAD_FAILED'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads a path once, then not again within ten seconds', () => {
    const s = memoryStorage();
    expect(claimReload('/a', s, 1000)).toBe(true);
    expect(claimReload('/a', s, 5000)).toBe(false);
    expect(claimReload('/b', s, 6000)).toBe(true);
    expect(claimReload('/a', s, 20_000)).toBe(true);
  });

  it('fails a chunk that has not arrived after 120 s as a ChunkLoadError (which reloads the path)', async () => {
    vi.useFakeTimers();
    try {
      expect(CHUNK_TIMEOUT_MS).toBe(120_000);
      const stalled = loadChunk(() => new Promise<never>(() => undefined)).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(119_999);
      let settled = false;
      void stalled.then(() => {
        settled = true;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(2);
      const error = await stalled;
      expect(error).toMatchObject({ name: 'ChunkLoadError' });
      expect(isChunkLoadError(error)).toBe(true);
      // A chunk that arrives in time is the chunk, and its own failure stays its own.
      await expect(loadChunk(async () => ({ default: 'screen' }))).resolves.toEqual({ default: 'screen' });
      const failing = new TypeError('Failed to fetch dynamically imported module: /new/assets/a.js');
      await expect(loadChunk(() => Promise.reject(failing))).rejects.toBe(failing);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
