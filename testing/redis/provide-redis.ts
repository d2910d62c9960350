// A vitest global setup: one redis-server for the run of a project whose tests may not import testing/ (the
// gateway package's), its URL provided as `redisUrl` (the tests read it with inject).
import type { TestProject } from 'vitest/node';
import { startRedisServer } from './redis-server';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

export default async function provideRedis(project: TestProject): Promise<() => Promise<void>> {
  const server = await startRedisServer();
  project.provide('redisUrl', server.url);
  return () => server.close();
}
