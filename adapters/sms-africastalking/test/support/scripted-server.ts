import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** What the server does with the next request: answer, send the head and stall, or say nothing at all. */
export type Script = { status: number; body: string; type?: string } | 'silent' | 'stall-body';

/**
 * A real HTTP server standing in for Africa's Talking where the simulator cannot misbehave the
 * way a test needs (a stall, a proxy's HTML, a reply of the wrong shape). It records what it was sent.
 */
export async function startScriptedServer(script: Script) {
  const seen: Seen[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      if (script === 'silent') {
        hanging.add(response);
        return;
      }
      if (script === 'stall-body') {
        hanging.add(response);
        response.writeHead(201, { 'content-type': 'application/json' });
        response.write('{"SMSMessageData":');
        return;
      }
      response.writeHead(script.status, { 'content-type': script.type ?? 'application/json' });
      response.end(script.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
