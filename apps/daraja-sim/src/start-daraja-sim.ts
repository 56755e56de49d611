import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createSimApp } from './app.js';
import { resolveOptions } from './config/resolve-options.js';
import { simControls } from './controls/sim-controls.js';
import type { DarajaSim, DarajaSimOptions } from './public-types.js';
import { createSimWorld } from './sim-world.js';

/** The host as a URL shows it: a wildcard address is reached on loopback, IPv6 goes in brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function listen(fetch: (request: Request) => Response | Promise<Response>, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    // The simulator runs inside test processes too: it must not replace their global Request and
    // Response with node-server's light ones (overrideGlobalObjects: false).
    const server = serve({ fetch, port, hostname: host, overrideGlobalObjects: false }, () => resolve(server as Server)) as Server;
    server.once('error', reject);
  });
}

/** Starts a Daraja simulator on its own port; close() it when done. */
export async function startDarajaSim(options?: DarajaSimOptions): Promise<DarajaSim> {
  const resolved = resolveOptions(options);
  const world = createSimWorld(resolved);
  const controls = simControls(world);
  const app = createSimApp(world, controls);
  const server = await listen(app.fetch, resolved.port, resolved.host);
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${urlHost(resolved.host)}:${port}`,
    ...controls,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        world.scheduler.clearAll();
        world.callbacks.abortAll();
        server.close((error) => (error ? reject(error) : resolve()));
        // A test's keep-alive client would otherwise hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
