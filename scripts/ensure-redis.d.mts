export const REDIS_SERVER_PATH: string;
export function ensureRedis(): string;
