// CPU seconds used so far, read from Linux /proc (null elsewhere): by an API process and its
// workers, and by the PostgreSQL server. The benchmarks (bench/run.mjs, bench/outbox.mjs)
// sample them before and after a measured window to report CPU per request or per message.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user + system) a process and its children (the API's workers) have used so far, from /proc (Linux); null elsewhere. */
export function cpuSecondsOf(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  let seconds = (Number(fields[11]) + Number(fields[12])) / 100;
  for (const child of childrenOf(pid)) seconds += cpuSecondsOf(child) ?? 0;
  return seconds;
}

function childrenOf(pid) {
  const tasks = `/proc/${pid}/task`;
  if (!existsSync(tasks)) return [];
  return readdirSync(tasks).flatMap((task) => {
    try {
      return readFileSync(`${tasks}/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

/**
 * CPU seconds used so far by every process named `postgres` on this machine (the server and its
 * backends; Linux /proc), or null when there is none to see: the database shares the machine
 * with the API, so its cost per order is part of the budget.
 */
export function postgresCpuSeconds() {
  if (!existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  let seen = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = stat.slice(close + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
    seen = true;
  }
  return seen ? ticks / 100 : null;
}
