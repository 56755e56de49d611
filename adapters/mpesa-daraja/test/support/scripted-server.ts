import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server does with one request: answer (any status, body and type), or never answer. */
export type Script = { status: number; body: string; type?: string } | 'hang';

/**
 * A real HTTP server that answers OAuth like Daraja and every other path from a script, one
 * entry per request in turn (the last one repeats), counting requests per path: a test can tell
 * a retried request from one sent once, over a real socket.
 */
export async function startScriptedServer(scripts: Record<string, Script[]>) {
  const requests = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const count = (requests.get(path) ?? 0) + 1;
    requests.set(path, count);
    request.resume();
    if (path === '/oauth/v1/generate') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ access_token: 'scripted-token', expires_in: '3599' }));
      return;
    }
    const list = scripts[path] ?? [{ status: 404, body: JSON.stringify({ requestId: 'r-1', errorCode: '404.001.01', errorMessage: 'Resource not found' }) }];
    const script = list[Math.min(count, list.length) - 1]!;
    if (script === 'hang') {
      hanging.add(response);
      return;
    }
    response.writeHead(script.status, { 'content-type': script.type ?? 'application/json' });
    response.end(script.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: (path: string) => requests.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const json = (status: number, body: unknown): Script => ({ status, body: JSON.stringify(body) });
export const darajaError = (status: number, errorCode: string, errorMessage: string): Script => json(status, { requestId: `req-${errorCode}`, errorCode, errorMessage });
