/** Operator messages (English, like the server's logs): one line each, to stdout or stderr. */
export interface Log {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export type LogLevel = 'info' | 'warn' | 'error' | 'silent';

const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2, silent: 3 };

export function consoleLog(level: LogLevel = 'info'): Log {
  const at = (wanted: LogLevel) => RANK[wanted] >= RANK[level];
  return {
    info: (message) => at('info') && console.log(`print-bridge: ${message}`),
    warn: (message) => at('warn') && console.warn(`print-bridge: warning: ${message}`),
    error: (message) => at('error') && console.error(`print-bridge: error: ${message}`),
  };
}

export const silentLog: Log = { info: () => {}, warn: () => {}, error: () => {} };
