import { createApp, type AppDeps } from '../../src/create-app.js';
import type { CheckDatabase } from '../../src/features/health/routes.js';
import { recordingLogger } from './recording-logger.js';

export const healthySqlite: CheckDatabase = async () => ({ ok: true, dialect: 'sqlite' });

/** The production app factory with a recording logger and, unless given, a healthy SQLite. */
export function testApp(deps: Partial<AppDeps> = {}) {
  const logger = recordingLogger();
  const app = createApp({ checkDatabase: healthySqlite, logger, ...deps });
  return { app, logger };
}
