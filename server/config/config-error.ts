// The error a bad setting raises, in a module of its own so that what reads a part of the configuration
// (site/read-settings.ts, db/open-database.ts, the /api wing's start) imports it without loading config.ts.

/** Every bad value at once, each naming its variable or file. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}
