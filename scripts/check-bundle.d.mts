export declare const BUDGET_KB: number;
export declare function initialAssets(html: string): { js: string[]; css: string[]; inlineCss: string[] };
export declare function gzipKB(file: string): number;
export declare function chunksWithTypeBox(dir: string): string[];
export declare function widgetChunksWithSolver(dir: string): string[];
export declare function widgetChunksWithServerMode(dir: string): string[];
