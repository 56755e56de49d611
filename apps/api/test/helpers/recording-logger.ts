import { createLogger, type Logger } from '../../src/http/logger.js';
import { ACCESS_LINE_MESSAGE } from '../../src/http/request-log.js';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  /** Everything on the line but its level, time, process and message (a request's id included). */
  fields?: Record<string, unknown>;
}

export interface RecordingLogger extends Logger {
  /** What the code logged, parsed back from the real logger's JSON lines; access lines are in `requests`. */
  readonly entries: LogEntry[];
  /** One access line per request (ACCESS_LINE_MESSAGE). */
  readonly requests: LogEntry[];
  /** Every line exactly as the real logger wrote it, access lines included. */
  readonly lines: string[];
}

const made: RecordingLogger[] = [];
/** Every recording logger made so far in this test file, oldest first: the way to the lines of a world that keeps its logger inside. */
export const recordingLoggers = (): readonly RecordingLogger[] => made;

/**
 * The API's real logger (pino with its redaction and scrubbing, JSON lines, level debug) writing
 * into memory, so tests can assert on logs, scan them for secrets and stay quiet.
 */
export function recordingLogger(): RecordingLogger {
  const entries: LogEntry[] = [];
  const requests: LogEntry[] = [];
  const lines: string[] = [];
  const logger = createLogger(
    { level: 'debug', format: 'json' },
    {
      write(line) {
        lines.push(line);
        const { level, time: _time, pid: _pid, hostname: _hostname, message, ...fields } = JSON.parse(line) as Record<string, unknown>;
        const entry: LogEntry = { level: level as LogEntry['level'], message: String(message), ...(Object.keys(fields).length > 0 ? { fields } : {}) };
        (message === ACCESS_LINE_MESSAGE ? requests : entries).push(entry);
      },
    },
  );
  const recording = Object.assign(logger, { entries, requests, lines });
  made.push(recording);
  return recording;
}
