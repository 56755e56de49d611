import { pino, stdTimeFunctions, type DestinationStream } from 'pino';
import { createRequire } from 'node:module';
import type PinoPretty from 'pino-pretty';
import { scrubLogFields, scrubLogText } from './log-scrub.js';

// pino-pretty is loaded only for pretty lines (a terminal, development): production starts without it.
// Through createRequire, as the adapters load pg and nodemailer, so the bundle leaves it out (scripts/bundle-api.mjs).
const loadPretty = (): typeof PinoPretty => createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;

export type LogFields = Record<string, unknown>;
export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';
export type LogFormat = 'json' | 'pretty';

/** The little the API needs from a logger; `createLogger` makes the real one (pino, decision 0068). */
export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** Lines only LOG_LEVEL=debug (or trace) shows; optional so a test's small logger may leave it out. */
  debug?(message: string, fields?: LogFields): void;
  /** A logger whose every line also carries `bindings` (a request's id); without it `withBindings` wraps. */
  child?(bindings: LogFields): Logger;
}

/** `logger` with `bindings` on every line: its own child when it has one, else a wrapper adding them to the fields. */
export function withBindings(logger: Logger, bindings: LogFields): Logger {
  if (logger.child) return logger.child(bindings);
  const add = (fields?: LogFields): LogFields => ({ ...bindings, ...fields });
  return {
    info: (message, fields) => logger.info(message, add(fields)),
    warn: (message, fields) => logger.warn(message, add(fields)),
    error: (message, fields) => logger.error(message, add(fields)),
    debug: (message, fields) => logger.debug?.(message, add(fields)),
    child: (more) => withBindings(logger, { ...bindings, ...more }),
  };
}

export interface LogSettings {
  readonly level?: LogLevel;
  /** Absent: pretty when standard output is a terminal, else JSON lines. */
  readonly format?: LogFormat;
}

/** Where lines go: standard output unless given (tests capture them). */
export interface LogDestination {
  write(line: string): void;
}


/**
 * JSON lines as the console logger wrote them (`level` as a word, ISO `time`, `message` before
 * the fields, so readers of the old lines keep working), or pino-pretty's lines for a person,
 * made in this process and written synchronously: the API is one esbuild bundle, where pino's
 * worker-thread transports cannot load, and a line written just before `process.exit` must not be lost.
 */
export function createLogger(settings: LogSettings = {}, destination?: LogDestination): Logger {
  const pretty = (settings.format ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty';
  const out: LogDestination = destination ?? pino.destination({ dest: 1, sync: true });
  const stream: DestinationStream = pretty ? prettyStream(out, destination === undefined) : out;
  const root = pino(
    {
      level: settings.level ?? 'info',
      messageKey: 'message',
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
  return wrap(root);
}

function wrap(p: pino.Logger): Logger {
  // The message goes in the object, first, so JSON lines read `{"level","time",...bindings,"message",...fields}`.
  const line = (level: 'debug' | 'info' | 'warn' | 'error') => (message: string, fields?: LogFields) => {
    if (!p.isLevelEnabled(level)) return;
    const scrubbed = fields ? scrubLogFields(fields) : undefined;
    const { message: _ignored, ...rest } = scrubbed ?? {};
    p[level]({ message: scrubLogText(message), ...rest });
  };
  return {
    debug: line('debug'),
    info: line('info'),
    warn: line('warn'),
    error: line('error'),
    child: (bindings) => wrap(p.child(scrubLogFields(bindings))),
  };
}

function prettyStream(out: LogDestination, toTerminal: boolean): DestinationStream {
  const pinoPretty = loadPretty();
  const prettify = pinoPretty.prettyFactory({
    colorize: toTerminal && pinoPretty.isColorSupported,
    messageKey: 'message',
    // An access line reads as the request it was: `GET /api/buyer/orders/:id 200 3.1 ms buyer`.
    messageFormat: (log, messageKey) =>
      log['route'] !== undefined && log['status'] !== undefined ? `${String(log['method'])} ${String(log['route'])} ${String(log['status'])} ${String(log['durationMs'])} ms ${String(log['actor'])}` : String(log[messageKey]),
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  return { write: (line: string) => out.write(prettify(line)) };
}

let standardOutput: Logger | undefined;
/** The logger of a process that was given none: standard output, made at first use. */
export function defaultLogger(): Logger {
  standardOutput ??= createLogger();
  return standardOutput;
}

/** The default logger under the old name (standard output, made at first use), for code given no logger. */
export const consoleLogger: Logger = {
  debug: (message, fields) => defaultLogger().debug?.(message, fields),
  info: (message, fields) => defaultLogger().info(message, fields),
  warn: (message, fields) => defaultLogger().warn(message, fields),
  error: (message, fields) => defaultLogger().error(message, fields),
  child: (bindings) => withBindings(defaultLogger(), bindings),
};
