export { compose, type Composed } from './composition-root.js';
export { loadConfig, ConfigError, type Config } from './config.js';
export { createApp, type AppDeps } from './create-app.js';
