// Starts the API: parse the environment, compose the adapters (migrations run here), serve
// the API and the built frontends, and shut down gracefully on SIGTERM/SIGINT. With
// API_WORKERS > 1 (PostgreSQL only) this process forks that many workers, each of which does
// all of that on the same port (decision 0022).
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_JOBS_SIGNAL, runPrimary } from './cluster-primary.js';
import { compose } from './composition-root.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './http/logger.js';
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

const SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

async function serveApi(config: Config): Promise<void> {
  if (!existsSync(join(config.frontendDist, 'index.html'))) {
    logger.warn('No frontend build found; pages answer 503 until `npm run build:frontends` has run', { frontendDist: config.frontendDist });
  }
  // A stop asked for while the database opens (a supervisor, or the cluster primary stopping a
  // worker that is still starting) is a clean stop once it is open, not a death by signal.
  let stopAsked: NodeJS.Signals | null = null;
  const onEarlySignal = (signal: NodeJS.Signals) => {
    stopAsked = signal;
    logger.info('Stop asked during start-up; stopping once the database is open', { signal });
  };
  for (const signal of SIGNALS) process.on(signal, onEarlySignal);
  // kill -USR2 <pid>: every background job now, each under its lease (docs/operations.md). Heard
  // from the start, so one that comes while the database opens does not end the process.
  const jobs: { ready?: { runJobsNow(): void } } = {};
  process.on(RUN_JOBS_SIGNAL, () => {
    if (!jobs.ready) return logger.info('Asked to run the background jobs while starting; they start on their own once started', { signal: RUN_JOBS_SIGNAL });
    logger.info('Running the background jobs now', { signal: RUN_JOBS_SIGNAL });
    jobs.ready.runJobsNow();
  });
  let composed;
  try {
    composed = await compose(config, logger);
  } catch (error) {
    logger.error('start-up failed', { error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
  if (stopAsked) {
    await composed.close();
    logger.info('Shutdown complete', { signal: stopAsked });
    process.exit(0);
  }
  logger.info('database ready', { dialect: composed.database.dialect, ...(config.database.kind === 'sqlite' ? { dataDir: config.dataDir } : {}) });
  // startServer installs its own signal handlers before it returns: no moment without one.
  const started = startServer({
    app: composed.app,
    port: config.port,
    host: config.host,
    logger,
    signals: SIGNALS,
    onShutdownStart: () => composed.endLiveStreams(),
    onClose: () => composed.close(),
  });
  for (const signal of SIGNALS) process.off(signal, onEarlySignal);
  jobs.ready = composed;
  await started;
}

const config = readConfig();
// JSON lines in production or when a program reads the output, pretty in a terminal (decision 0068).
const logger = createLogger(config.log);
if (config.workers !== undefined && cluster.isPrimary) runPrimary({ workers: config.workers, logger });
// Not awaited at the top level: the bundle that runs this is CommonJS (decision 0056). serveApi
// handles a failed start itself; anything else it throws ends the process as an unhandled rejection.
else void serveApi(config);
