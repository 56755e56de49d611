import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { PHOTO_FOLDERS } from '@escrow/core';

/** How long a call to the object storage may take; a server that stops answering fails within seconds, never hangs. */
export interface S3Timeouts {
  /** To open a TCP connection (default 2 s). */
  readonly connectMs?: number;
  /** With no byte sent or received on the connection, during a request or while a body streams (default 3 s). */
  readonly idleMs?: number;
  /** From sending a request to its response's headers, an upload's body included (default 20 s: a 10 MB photo on a slow link). */
  readonly requestMs?: number;
}

export interface S3BucketConfig {
  /** An S3-compatible endpoint (MinIO, R2, Ceph, a local server); absent: AWS S3 of `region`. */
  readonly endpoint?: string;
  readonly region: string;
  readonly bucket: string;
  /** Absent: the SDK's default credential chain (environment, instance role). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint}/{key}` (MinIO, most local servers). */
  readonly forcePathStyle?: boolean;
  readonly timeouts?: S3Timeouts;
  /** Tries per call, the first included (default 2: one retry of a timeout or a 5xx). */
  readonly maxAttempts?: number;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
/** Keys are `order-photos/{folder}/{name}`, the local disk's layout under its uploads folder. */
const ROOT = 'order-photos';

export const isPhotoFolder = (folder: string): boolean => (PHOTO_FOLDERS as readonly string[]).includes(folder);

/** The object storage behind the photos: one client (its timeouts and retries) and the one place a stored path becomes a key or a URL. */
export class S3PhotoBucket {
  readonly client: S3Client;
  readonly name: string;
  /** Longest a call may take, retries included; past it the call is aborted. */
  readonly deadlineMs: number;

  constructor(
    config: S3BucketConfig,
    private readonly publicPrefix = '/uploads',
  ) {
    const connectMs = config.timeouts?.connectMs ?? 2_000;
    const idleMs = config.timeouts?.idleMs ?? 3_000;
    const requestMs = config.timeouts?.requestMs ?? 20_000;
    const maxAttempts = Math.max(1, Math.min(config.maxAttempts ?? 2, 5));
    this.name = config.bucket;
    this.deadlineMs = maxAttempts * (requestMs + 1_000);
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: { accessKeyId: config.credentials.accessKeyId, secretAccessKey: config.credentials.secretAccessKey } } : {}),
      forcePathStyle: config.forcePathStyle ?? false,
      maxAttempts,
      // The SDK's NodeHttpHandler: requestTimeout only warns unless told to throw.
      requestHandler: { connectionTimeout: connectMs, socketTimeout: idleMs, requestTimeout: requestMs, throwOnRequestTimeout: true },
      // Checksums only where S3 requires them: several S3-compatible servers refuse the newer trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** The object key of a stored path; throws for anything outside the spec folders (as the disk's bucket does). */
  key(path: string): string {
    const [folder, name, ...rest] = path.split('/');
    if (!folder || !isPhotoFolder(folder) || !name || rest.length > 0 || !SAFE_NAME.test(name) || name.includes('..')) {
      throw new Error(`refused storage path: ${path}`);
    }
    return `${ROOT}/${folder}/${name}`;
  }

  /** The prefix of a folder's keys. */
  folderPrefix(folder: string): string {
    return `${ROOT}/${folder}/`;
  }

  /** The public URL of a stored path, as rows hold it: the one the local disk gives, served by the API. */
  urlOf(path: string): string {
    return `${this.publicPrefix}/${ROOT}/${path}`;
  }

  /**
   * Sends a command with a deadline over all its tries (until the response's headers: a body
   * that streams after is guarded by the idle timeout); an error names the operation and path.
   */
  async send<T>(what: string, path: string, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer within ${this.deadlineMs} ms`)), this.deadlineMs);
    try {
      return await call(abort.signal);
    } catch (error) {
      throw asStorageError(what, path, this.name, error);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Whether the bucket answers to these credentials (HeadBucket), for a check at start: throws
   * an ObjectStorageError that says what is wrong (no such bucket, access denied, unreachable).
   */
  async check(): Promise<void> {
    try {
      await this.send('check', '(the bucket)', (abortSignal) => this.client.send(new HeadBucketCommand({ Bucket: this.name }), { abortSignal }));
    } catch (error) {
      if (error instanceof ObjectStorageError) throw error;
      const status = statusOf(error);
      const why = status === 404 ? 'it does not exist' : `it answered ${status ?? (error as Error).message}`;
      throw new ObjectStorageError(`object storage: bucket ${this.name} cannot be used: ${why}`, { cause: error });
    }
  }

  /** Closes the client's connections. */
  destroy(): void {
    this.client.destroy();
  }
}

/** An answer of the object storage that is not an error of the storage: a status the caller handles. */
export const statusOf = (error: unknown): number | undefined => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/** Why the object storage failed, when it is the storage's failure and not a request's. */
export type ObjectStorageFailureReason = 'unreachable' | 'connection lost' | 'timed out' | 'busy' | 'I/O error';

/**
 * The object storage could not do what was asked (unreachable, timed out, refused).
 *
 * `infrastructureFailure` is set when the storage itself failed (no answer, a timeout, a lost
 * connection, a 5xx): `{ part: 'storage', reason, cause }`, the shape `infrastructureFailure()`
 * of @escrow/db-kysely recognises on any error, so the API answers 503 with Retry-After and the
 * CLI says the storage is unavailable, without the database adapter knowing this one. A refusal
 * (403 denied, a 400) has none: it is a configuration or a bug, answered 500 and logged whole.
 */
export class ObjectStorageError extends Error {
  readonly infrastructureFailure?: { readonly part: 'storage'; readonly reason: ObjectStorageFailureReason; readonly cause: string };

  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'ObjectStorageError';
    const failure = storageFailureOf(options.cause);
    if (failure) this.infrastructureFailure = { part: 'storage', ...failure };
  }
}

const NETWORK_CODES: Readonly<Record<string, ObjectStorageFailureReason>> = {
  ECONNREFUSED: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  ENETUNREACH: 'unreachable',
  ENETDOWN: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  ECONNRESET: 'connection lost',
  ECONNABORTED: 'connection lost',
  EPIPE: 'connection lost',
  ETIMEDOUT: 'timed out',
};

/** The storage's own failure behind an SDK error (walking its causes), or undefined for an answer that refuses the request. */
function storageFailureOf(error: unknown): { reason: ObjectStorageFailureReason; cause: string } | undefined {
  for (let next = error, depth = 0; typeof next === 'object' && next !== null && depth < 8; next = (next as { cause?: unknown }).cause, depth++) {
    const status = statusOf(next);
    if (status !== undefined) {
      // An HTTP answer: the server's failure (5xx: 503 SlowDown is "busy") or the request's refusal (4xx).
      if (status >= 500) return { reason: status === 503 ? 'busy' : 'I/O error', cause: `HTTP ${status}` };
      return undefined;
    }
    const { name, code } = next as { name?: unknown; code?: unknown };
    if (typeof code === 'string' && NETWORK_CODES[code]) return { reason: NETWORK_CODES[code], cause: code };
    // The SDK's socket and request timeouts, and the abort of a call past its deadline (only ours).
    if (name === 'TimeoutError' || name === 'AbortError' || code === 'ABORT_ERR') return { reason: 'timed out', cause: typeof name === 'string' ? name : 'timeout' };
  }
  return undefined;
}

function asStorageError(what: string, path: string, bucket: string, error: unknown): unknown {
  // Answers the callers handle (404, 412) go up as the SDK gave them.
  const status = statusOf(error);
  if (status === 404 || status === 412) return error;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  return new ObjectStorageError(`object storage (bucket ${bucket}): ${what} ${path} failed: ${name}: ${message}`, { cause: error });
}
