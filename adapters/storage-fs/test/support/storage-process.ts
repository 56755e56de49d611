import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

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
  const child: ChildProcessWithoutNullStreams = options.tmpfsBytes
    ? spawn('unshare', ['-m', '--propagation', 'private', 'sh', '-c', `mount -t tmpfs -o size=${options.tmpfsBytes} tmpfs "$1" && shift && exec "$@"`, 'sh', root, process.execPath, ...NODE_ARGS, root])
    : spawn(process.execPath, [...NODE_ARGS, root]);
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

/** Whether this machine lets a test mount a tmpfs in a private mount namespace (root, or user namespaces). */
export const canMountTmpfs = (): boolean =>
  spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs "$d" && umount "$d" && rmdir "$d"']).status === 0;

/** Limits the size of any file the process writes (RLIMIT_FSIZE): a write past it fails with EFBIG after writing up to it. */
export function limitFileSize(pid: number, bytes: number): void {
  const run = spawnSync('prlimit', ['--pid', String(pid), `--fsize=${bytes}:${bytes}`]);
  if (run.status !== 0) throw new Error(`prlimit failed: ${run.stderr.toString()}`);
}
