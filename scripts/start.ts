// npm start (`node --import tsx scripts/start.ts`): builds whatever is missing or out of date, then runs the
// server in this very process, so that signals (SIGTERM, SIGINT, SIGHUP) reach it directly.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, SERVER_ENTRY } from './build-if-stale';

ensureBuilt();
await import(pathToFileURL(resolve(SERVER_ENTRY)).href);
