import type { Logger } from '../../src/http/logger.js';

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields?: Record<string, unknown>;
}

/** A logger that keeps what it is told, so tests can assert on logs and stay quiet. */
export function recordingLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const record = (level: LogEntry['level']) => (message: string, fields?: Record<string, unknown>) => {
    entries.push({ level, message, ...(fields ? { fields } : {}) });
  };
  return { entries, info: record('info'), warn: record('warn'), error: record('error') };
}
