import type { TestProject } from 'vitest/node';
import { createScratchDatabase, dropScratchDatabase } from './scratch-db';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') {
    project.provide('databaseUrl', null);
    return;
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const url = await createScratchDatabase(base, 'shetuan_api');
  project.provide('databaseUrl', url);
  return async () => {
    await dropScratchDatabase(base, url);
  };
}
