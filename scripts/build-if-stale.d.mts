export declare function projectInputs(config: string, seen?: Set<string>): string[];
export declare const APP_STAMP: string;
export declare const SERVER_ENTRY: string;
export declare function ensureBuilt(options?: { customDist?: boolean }): void;
