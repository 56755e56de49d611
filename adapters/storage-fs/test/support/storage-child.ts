// A storage in a process of its own, so a test can limit it (prlimit on its pid, a tiny
// tmpfs in its mount namespace) and watch its files. Prints "ready", then for each line
// `put <path> <bytes>` on stdin stores that many bytes and prints {"ok":true} or {"error":code}.
import { createInterface } from 'node:readline';
import { FsFileStorage } from '../../src/index.js';

const storage = new FsFileStorage(process.argv[2] ?? '.');
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
for await (const line of lines) {
  const [command, path = '', size = '0'] = line.split(' ');
  if (command !== 'put') break;
  try {
    await storage.put(path, new Uint8Array(Number(size)).fill(0xff), 'image/jpeg');
    process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ error: (error as NodeJS.ErrnoException).code ?? String(error) })}\n`);
  }
}
