import { describe, expect, it } from 'vitest';
import { claimReload, isChunkLoadError } from './chunk-reload';

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
});
