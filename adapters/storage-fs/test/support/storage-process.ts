import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { inPrivateTmpfs } from '@escrow/test-kit/private-tmpfs';

const CHILD = fileURLToPath(new URL('./storage-child.ts', import.meta.url));
const NODE_ARGS = ['--conditions=@escrow/source', '--import', 'tsx', CHILD];

export interface StorageProcess {
  readonly pid: number;
  put(path: string, bytes: number): Promise<{ ok?: true; error?: string }>;
  close(): Promise<void>;
}

/**
 * FsFileStorage on `root` in a child process. `tmpfsBytes`: the child runs in a mount
 * namespace of its own (unshare) with a tmpfs of that size mounted on `root`, a real full
 * disk that vanishes with the child; the test sees it at /proc/{pid}/root{root}.
 */
export async function storageProcess(root: string, options: { tmpfsBytes?: number } = {}): Promise<StorageProcess> {
  const command = [process.execPath, ...NODE_ARGS, root];
  const spawned = options.tmpfsBytes ? inPrivateTmpfs(root, options.tmpfsBytes, command) : { file: process.execPath, args: command.slice(1) };
  const child: ChildProcessWithoutNullStreams = spawn(spawned.file, spawned.args);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const line = await lines.next();
    if (line.done) throw new Error(`the storage process ended: ${stderr}`);
    return line.value;
  };
  if ((await next()) !== 'ready') throw new Error(`the storage process did not start: ${stderr}`);
  return {
    pid: child.pid ?? 0,
    async put(path, bytes) {
      child.stdin.write(`put ${path} ${bytes}\n`);
      return JSON.parse(await next()) as { ok?: true; error?: string };
    },
    async close() {
      child.stdin.end();
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
