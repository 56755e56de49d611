// Starts the API: parse the environment, compose the adapters (migrations run here), serve
// the API and the built frontends, and shut down gracefully on SIGTERM/SIGINT. With
// API_WORKERS > 1 (PostgreSQL only) this process forks that many workers, each of which does
// all of that on the same port (decision 0022).
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runPrimary } from './cluster-primary.js';
import { compose } from './composition-root.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { consoleLogger as logger } from './http/logger.js';
import { startServer } from './http/serve.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function serveApi(config: Config): Promise<void> {
  if (!existsSync(join(config.frontendDist, 'index.html'))) {
    logger.warn('No frontend build found; pages answer 503 until `npm run build:frontends` has run', { frontendDist: config.frontendDist });
  }
  let composed;
  try {
    composed = await compose(config, logger);
  } catch (error) {
    logger.error('start-up failed', { error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
  logger.info('database ready', { dialect: composed.database.dialect, ...(config.database.kind === 'sqlite' ? { dataDir: config.dataDir } : {}) });
  await startServer({ app: composed.app, port: config.port, host: config.host, logger, onClose: () => composed.close() });
}

const config = readConfig();
if (config.workers !== undefined && cluster.isPrimary) runPrimary({ workers: config.workers, logger });
else await serveApi(config);
