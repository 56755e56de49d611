import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A local S3 server (s3rver) in a child process, on a free port, its objects in a temp dir. */
export interface S3Server {
  readonly endpoint: string;
  readonly pid: number;
  /** Where s3rver keeps the objects: `{directory}/{bucket}/{key}._S3rver_object`, its mtime the object's LastModified. */
  readonly directory: string;
  /** Stops answering (SIGSTOP): connections are still accepted by the kernel, nothing is answered. */
  freeze(): void;
  /** Answers again (SIGCONT). */
  thaw(): void;
  /** Makes a (private) bucket on the server, for a test that composes the app on it. */
  createBucket(name: string): Promise<void>;
  close(): Promise<void>;
}

/** s3rver takes any key pair; these are the ones its documentation uses. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startS3Server(): Promise<S3Server> {
  const dir = await mkdtemp(join(tmpdir(), 'escrow-s3rver-'));
  const child: ChildProcess = spawn(process.execPath, ['--openssl-legacy-provider', fileURLToPath(new URL('./s3-server-child.mjs', import.meta.url)), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver did not start within 15 s')), 15_000);
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
  });
  const pid = child.pid!;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    pid,
    directory: dir,
    freeze: () => process.kill(pid, 'SIGSTOP'),
    thaw: () => process.kill(pid, 'SIGCONT'),
    async createBucket(name) {
      const client = new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials: S3RVER_CREDENTIALS, forcePathStyle: true });
      try {
        await client.send(new CreateBucketCommand({ Bucket: name }));
      } finally {
        client.destroy();
      }
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(pid, 'SIGCONT');
        child.kill('SIGKILL');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
