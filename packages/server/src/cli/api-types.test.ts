import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesSource } from './api-types';

describe('the web client types (api-schema.gen.ts)', () => {
  it('are what the routes declare today: after changing a route, run `npm run api:types`', async () => {
    const current = fs.existsSync(API_TYPES_FILE) ? fs.readFileSync(API_TYPES_FILE, 'utf8') : '';
    const fresh = await apiTypesSource();
    // Compare without the line breaks' kind (a checkout on Windows) and say where it differs.
    const a = current.replace(/\r\n/g, '\n').split('\n');
    const b = fresh.split('\n');
    const first = b.findIndex((line, i) => a[i] !== line);
    expect(
      first === -1 && a.length === b.length ? 'up to date' : `stale from line ${first + 1}: ${b[first] ?? a[first]}`,
    ).toBe('up to date');
  });
});
