// A real full disk and a real file-size limit for one process under test, without touching the
// machine's own disks: a tmpfs in a mount namespace of the process's own (unshare), gone with it.
import { spawnSync } from 'node:child_process';

/** Whether this machine lets a test mount a tmpfs in a private mount namespace (root, or user namespaces). */
export const canMountTmpfs = (): boolean =>
  spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs "$d" && umount "$d" && rmdir "$d"']).status === 0;

/**
 * What to spawn so that `command` runs in a mount namespace of its own with a tmpfs of `bytes`
 * on `mountPoint` (made when missing): a disk that fills up; the test sees the process's files
 * at /proc/{pid}/root{mountPoint}.
 */
export function inPrivateTmpfs(mountPoint: string, bytes: number, command: readonly string[]): { readonly file: string; readonly args: string[] } {
  const script = `mkdir -p "$1" && mount -t tmpfs -o size=${bytes} tmpfs "$1" && shift && exec "$@"`;
  return { file: 'unshare', args: ['-m', '--propagation', 'private', 'sh', '-c', script, 'sh', mountPoint, ...command] };
}

/** Limits the size of any file the process writes (RLIMIT_FSIZE): a write past it fails with EFBIG after writing up to it. */
export function limitFileSize(pid: number, bytes: number): void {
  const run = spawnSync('prlimit', ['--pid', String(pid), `--fsize=${bytes}:${bytes}`]);
  if (run.status !== 0) throw new Error(`prlimit failed: ${run.stderr.toString()}`);
}
