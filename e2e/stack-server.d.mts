export function startStackServer(env: Record<string, string | undefined>, onExit: () => void): import('node:child_process').ChildProcess;
