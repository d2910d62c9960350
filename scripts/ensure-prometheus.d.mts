export const PROMETHEUS_PATH: string;
export const PROMTOOL_PATH: string;
export function ensurePrometheus(): { prometheus: string; promtool: string };
