export { ObjectStorageError, S3PhotoBucket, type ObjectStorageFailureReason, type S3BucketConfig, type S3Timeouts } from './s3-bucket.js';
export { S3FileStorage } from './s3-file-storage.js';
export { S3StoredFileListing } from './s3-stored-file-listing.js';
export { fileStorageFromEnv, S3_VARIABLES, type FileStorageSettings } from './env.js';
export { sha256OfObject, type StoredObjectHash } from './s3-object-hash.js';
