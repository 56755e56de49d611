import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server that answers OAuth like Daraja but never finishes any other answer: with
 * `stall: 'silent'` it sends nothing, with `stall: 'body'` it sends the headers and then stops.
 * It counts the requests per path, so a test can tell a retried call from one sent once.
 */
export async function startStallingServer(stall: 'silent' | 'body' = 'silent') {
  const requests = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    request.resume();
    if (path === '/oauth/v1/generate') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ access_token: 'stalling-token', expires_in: '3599' }));
      return;
    }
    hanging.add(response);
    if (stall === 'body') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"MerchantRequestID":');
    }
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
