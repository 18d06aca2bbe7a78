// Runs s3rver (a real S3-protocol server) for the tests, in its own process:
// `node --openssl-legacy-provider tests/support/s3rver-process.js <folder> [port]`.
// s3rver makes its ListObjectsV2 continuation tokens with DES, which Node's
// OpenSSL 3 offers only through the legacy provider; only this process gets it.
// Prints {"port": N} once listening on loopback (on the port given, else a free one); when stdin closes (the test
// process ended, however) it stops and removes the folder. Killed (SIGKILL, a crashed bucket), it keeps the folder,
// so a new one started on the same folder and port is the same bucket come back.
import fs from 'node:fs';
import S3rver from 's3rver';

const directory = process.argv[2];
if (!directory) throw new Error('usage: s3rver-process.js <folder> [port]');
const server = new S3rver({ address: '127.0.0.1', port: Number(process.argv[3] ?? 0), directory, silent: true });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.resume();
process.stdin.on('end', () =>
  server.close().finally(() => {
    fs.rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  }),
);
