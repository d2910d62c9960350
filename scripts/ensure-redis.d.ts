export declare const REDIS_SERVER_PATH: string;
export declare function ensureRedis(): string;
