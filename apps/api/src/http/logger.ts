/** The little the HTTP layer needs from a logger; a structured logger can replace the console one. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One JSON line per event, so log collectors can parse what the API prints. */
export const consoleLogger: Logger = {
  info: (message, fields) => console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), message, ...fields })),
  warn: (message, fields) => console.warn(JSON.stringify({ level: 'warn', time: new Date().toISOString(), message, ...fields })),
  error: (message, fields) => console.error(JSON.stringify({ level: 'error', time: new Date().toISOString(), message, ...fields })),
};
