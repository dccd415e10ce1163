import { readdirSync, readFileSync } from 'node:fs';

/** Pids of this process's live children (Linux /proc), with their command names. */
export function childProcesses(): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === process.pid && state !== 'Z')
        found.push(`${entry} ${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}`);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

/** Waits (up to ~1 s) for every child to be reaped after a SIGKILL; returns those still alive. */
export async function childrenAfterKill(): Promise<string[]> {
  for (let i = 0; i < 50 && childProcesses().length > 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return childProcesses();
}
