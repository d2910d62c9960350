/** A real redis-server on its own free port, no persistence, a temp dir; stoppable and restartable. */
export interface RedisServer {
  url: string;
  /** Stops the server (as an outage would); its data is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it for good and removes its dir. */
  close(): Promise<void>;
}
export function startRedisServer(): Promise<RedisServer>;
