import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { StageClock, StageTotals } from '../../shared/node/toolchain';
import { formatRow, since } from './measure';

/** The machine's load right now, printed beside figures: a noisy neighbour explains a slow run. */
export function loadNote(): string {
  const [one, five] = loadavg();
  return `  (load average ${one!.toFixed(1)} / ${five!.toFixed(1)} over 1 / 5 min on ${cpus().length} cores)`;
}

/**
 * CPU seconds used by this process's reaped children (cutime + cstime in /proc/self/stat, in
 * 1/100 s); 0 elsewhere. On a shared machine this says what work costs when the wall clock
 * mostly says how busy the neighbours were.
 */
export function childCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / 100;
  } catch {
    return 0;
  }
}

/** This process's own CPU seconds (all its threads: the portable synthesiser's worker too). */
function selfCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

export interface Timed<T> {
  value: T;
  wall: number;
  /** CPU of this process and its finished children while the work ran. */
  cpu: number;
}

/** Runs work and reports its wall seconds and the CPU seconds it cost (self + children). */
export async function timedWork<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const start = performance.now();
  const cpuBefore = selfCpuSeconds() + childCpuSeconds();
  const value = await work();
  return { value, wall: since(start), cpu: selfCpuSeconds() + childCpuSeconds() - cpuBefore };
}

/** One row per stage: its wall seconds (parallel stages overlap) and the CPU it used. */
export function stageRows(entries: [string, StageTotals][]): string[] {
  return entries.map(([stage, totals]) =>
    formatRow(
      `    stage ${stage}`,
      `${totals.wall.toFixed(2)} s wall`,
      `${totals.cpu.toFixed(2)} s CPU`,
    ),
  );
}

export function clockRows(clock: StageClock): string[] {
  return stageRows(clock.entries());
}
