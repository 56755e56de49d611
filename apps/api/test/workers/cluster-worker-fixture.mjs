// A stand-in API worker for cluster-primary.test.ts: serves its pid on the port given as the
// first argument; `/crash` makes it die after answering; mode `fail-start` exits before listening;
// mode `slow-start` takes a minute to start and has no signal handler yet (a SIGTERM kills it).
// `/jobs` answers how many times it was asked to run its background jobs (SIGUSR2), as `pid:count`.
import http from 'node:http';

const [port, mode] = process.argv.slice(2);
if (mode === 'fail-start') process.exit(3);
if (mode === 'slow-start') {
  setTimeout(() => process.exit(4), 60_000);
  await new Promise(() => {});
}
let jobRuns = 0;
process.on('SIGUSR2', () => (jobRuns += 1));
const server = http.createServer((req, res) => {
  res.setHeader('connection', 'close');
  if (req.url === '/jobs') return res.end(`${process.pid}:${jobRuns}`);
  res.end(String(process.pid));
  if (req.url === '/crash') setTimeout(() => process.exit(7), 20);
});
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
