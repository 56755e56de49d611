// An s3rver in a process of its own, so a test can stop it (SIGSTOP: it stops answering, its
// port still takes connections) or kill it. Prints {"port":N} once it listens. Run with
// --openssl-legacy-provider: s3rver makes ListObjectsV2 continuation tokens with DES, which
// OpenSSL 3 has only there (without it, a listing of more than one page answers 500).
import S3rver from 's3rver';

const server = new S3rver({ address: '127.0.0.1', port: 0, directory: process.argv[2], silent: true });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
