/** A real redis-server on its own free port, no persistence, a temp dir; stoppable and restartable. */
export interface RedisServer {
    url: string;
    port: number;
    /** Sends a signal to the running server (SIGSTOP and SIGCONT freeze and thaw it); false when none runs. */
    signal(signal: NodeJS.Signals): boolean;
    /** Stops the server (as an outage would); its data is gone. */
    stop(): Promise<void>;
    /** Starts it again on the same port. */
    start(): Promise<void>;
    /** Stops it for good and removes its dir. */
    close(): Promise<void>;
}
export interface RedisServerOptions {
    /** More of redis-server's options (a replica's `--replicaof`). */
    args?: string[];
    /** A sentinel instead (`redis-server <file> --sentinel`): its config file's lines, written into its dir. */
    sentinel?: (port: number) => string[];
}
export declare function startRedisServer({ args: extraArgs, sentinel }?: RedisServerOptions): Promise<RedisServer>;
