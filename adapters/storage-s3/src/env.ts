import type { S3BucketConfig } from './s3-bucket.js';

/**
 * Where photos are stored, from the environment (FILE_STORAGE and S3_*): this machine's disk
 * (the default) or an S3-compatible bucket. Read by the API's configuration and by the admin
 * CLI, so both use the same bucket. Imports nothing of the AWS SDK: loading this module costs
 * nothing to a deployment on the local disk.
 */
export type FileStorageSettings = { readonly kind: 'local' } | { readonly kind: 's3'; readonly bucket: S3BucketConfig };

/** The variables of the S3 bucket; each set with FILE_STORAGE other than s3 is refused. */
export const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

// An empty variable (`S3_ENDPOINT=` in a .env file) means "not set", as in apps/api's config.
const valueOf = (env: Readonly<Record<string, string | undefined>>, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

const REGION = /^[a-z0-9][a-z0-9-]{0,39}$/;
// S3's bucket naming rules: 3 to 63 lower-case letters, digits, dots and dashes, a letter or digit at each end.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * FILE_STORAGE=local|s3 (default local) and, with s3, S3_REGION and S3_BUCKET (required),
 * S3_ENDPOINT (absent: AWS S3 of the region), S3_ACCESS_KEY_ID with S3_SECRET_ACCESS_KEY (both
 * or neither: neither, the SDK's default credentials such as an instance role) and
 * S3_FORCE_PATH_STYLE (true|false, default false). A half configuration is no settings and a
 * problem per variable, named; no problem ever quotes a value (the secret key among them).
 */
export function fileStorageFromEnv(env: Readonly<Record<string, string | undefined>>): { settings?: FileStorageSettings; problems: string[] } {
  const kind = valueOf(env, 'FILE_STORAGE') ?? 'local';
  if (kind !== 'local' && kind !== 's3') return { problems: ['FILE_STORAGE: must be local or s3'] };
  if (kind === 'local') {
    const stray = S3_VARIABLES.filter((name) => valueOf(env, name) !== undefined);
    if (stray.length === 0) return { settings: { kind: 'local' }, problems: [] };
    return { problems: [`${stray.join(', ')}: set, but FILE_STORAGE is not s3 (photos would stay on this machine's disk): set FILE_STORAGE=s3, or remove ${stray.length === 1 ? 'it' : 'them'}`] };
  }
  const problems: string[] = [];
  const region = valueOf(env, 'S3_REGION');
  if (region === undefined) problems.push('S3_REGION: required with FILE_STORAGE=s3 (e.g. eu-west-1; auto for Cloudflare R2, us-east-1 for MinIO)');
  else if (!REGION.test(region)) problems.push('S3_REGION: must be a region name such as eu-west-1 or auto');
  const bucket = valueOf(env, 'S3_BUCKET');
  if (bucket === undefined) problems.push('S3_BUCKET: required with FILE_STORAGE=s3 (the private bucket the photos go to)');
  else if (!BUCKET.test(bucket)) problems.push('S3_BUCKET: must be a bucket name (3 to 63 lower-case letters, digits, dots and dashes)');
  const endpoint = endpointOf(valueOf(env, 'S3_ENDPOINT'), problems);
  const accessKeyId = valueOf(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = valueOf(env, 'S3_SECRET_ACCESS_KEY');
  if (accessKeyId !== undefined && secretAccessKey === undefined) problems.push('S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID');
  if (accessKeyId === undefined && secretAccessKey !== undefined) problems.push('S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY');
  const pathStyle = valueOf(env, 'S3_FORCE_PATH_STYLE') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') problems.push('S3_FORCE_PATH_STYLE: must be true or false');
  if (problems.length > 0 || region === undefined || bucket === undefined) return { problems };
  return {
    settings: {
      kind: 's3',
      bucket: {
        region,
        bucket,
        ...(endpoint ? { endpoint } : {}),
        ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
        forcePathStyle: pathStyle === 'true',
      },
    },
    problems: [],
  };
}

function endpointOf(value: string | undefined, problems: string[]): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push('S3_ENDPOINT: must be an http(s) URL, e.g. https://<account>.r2.cloudflarestorage.com or http://127.0.0.1:9000');
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push('S3_ENDPOINT: must be an http(s) URL, e.g. https://<account>.r2.cloudflarestorage.com or http://127.0.0.1:9000');
    return undefined;
  }
  if (url.username || url.password) {
    problems.push('S3_ENDPOINT: must not hold credentials (set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)');
    return undefined;
  }
  if (url.search || url.hash) {
    problems.push('S3_ENDPOINT: must be an origin (and path), without a query or fragment');
    return undefined;
  }
  return value.replace(/\/+$/, '');
}
