#!/usr/bin/env node
// npm start: builds whatever is missing or out of date, then runs the server in this very process (signals reach it directly).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, SERVER_ENTRY } from './build-if-stale.mjs';

ensureBuilt();
await import(pathToFileURL(resolve(SERVER_ENTRY)).href);
