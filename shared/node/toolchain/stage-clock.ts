import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';

/** The stages a generated file goes through (docs/engine-notes.md "Where the time goes"). */
export const STAGES = [
  'probe',
  'decode',
  'synthesis',
  'mix',
  'encode',
  'mux',
  'watermark',
  'write',
] as const;
export type Stage = (typeof STAGES)[number];

export interface StageTotals {
  /** Seconds the stage was running (sum of its intervals; parallel stages overlap). */
  wall: number;
  /** CPU seconds it used: its tools' user + system time, or the process's CPU during JS steps. */
  cpu: number;
}

/**
 * Collects wall and CPU seconds per stage while a piece of work runs inside `measure()`. Code
 * reports into whichever clock is active (AsyncLocalStorage), so pipelines need no extra
 * parameter and pay nothing when nobody measures: the bench is the only caller of measure().
 */
export class StageClock {
  private readonly totals = new Map<Stage, StageTotals>();

  add(stage: Stage, wall: number, cpu: number): void {
    const entry = this.totals.get(stage) ?? { wall: 0, cpu: 0 };
    entry.wall += wall;
    entry.cpu += cpu;
    this.totals.set(stage, entry);
  }

  /** Runs `work` with this clock active for everything it starts, awaited or not. */
  measure<T>(work: () => Promise<T>): Promise<T> {
    return storage.run(this, work);
  }

  /** The stages that took any time, in pipeline order. */
  entries(): [Stage, StageTotals][] {
    return STAGES.filter((s) => this.totals.has(s)).map((s) => [s, this.totals.get(s)!]);
  }
}

const storage = new AsyncLocalStorage<StageClock>();

/** The clock measuring the current work, if any. */
export function activeStageClock(): StageClock | undefined {
  return storage.getStore();
}

/** This process's CPU seconds so far (user + system, all threads). */
function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * Times a synchronous JS step (a limiter block, a watermark block) against `stage`. Its CPU is
 * the process's CPU over the step, not its wall time: on a loaded machine the thread is often
 * preempted mid-step, and that waiting is not what the step costs. (Other threads of the
 * process, like the portable synthesiser's worker, can add to it while the step runs.)
 */
export function timeSync<T>(stage: Stage, step: () => T): T {
  const clock = storage.getStore();
  if (!clock) return step();
  const start = performance.now();
  const cpuStart = ownCpuSeconds();
  try {
    return step();
  } finally {
    clock.add(stage, (performance.now() - start) / 1000, ownCpuSeconds() - cpuStart);
  }
}

/** Times an awaited step whose CPU is measured elsewhere (its tools report their own). */
export async function timeWall<T>(stage: Stage, step: () => Promise<T>): Promise<T> {
  const clock = storage.getStore();
  if (!clock) return step();
  const start = performance.now();
  try {
    return await step();
  } finally {
    clock.add(stage, (performance.now() - start) / 1000, 0);
  }
}

/** CPU seconds (user + system) a live or not yet reaped process has used; null once gone. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the command name start at field 3: utime is field 14, stime 15, in 1/100 s.
    return (Number(fields[14 - 3]) + Number(fields[15 - 3])) / 100;
  } catch {
    return null;
  }
}

/** How often a measured tool's CPU time is sampled (its last sample is what gets counted). */
const SAMPLE_MS = 100;

/**
 * Counts a started tool against `stage` when a clock is active: wall time from now until it
 * closes, CPU time from /proc sampled while it runs and when its output ends (Linux only;
 * elsewhere the CPU column stays 0). Node reaps children before 'exit' fires, so the last
 * sample is at most SAMPLE_MS old: the figure can fall a little short, never over.
 */
export function trackTool(stage: Stage | undefined, child: ChildProcess): void {
  const clock = storage.getStore();
  if (!clock || !stage || !child.pid) return;
  const pid = child.pid;
  const start = performance.now();
  let cpu = 0;
  const sample = (): void => {
    const seconds = processCpuSeconds(pid);
    if (seconds !== null) cpu = Math.max(cpu, seconds);
  };
  const timer = setInterval(sample, SAMPLE_MS);
  timer.unref();
  child.stdout?.once('end', sample);
  child.once('close', () => {
    clearInterval(timer);
    clock.add(stage, (performance.now() - start) / 1000, cpu);
  });
}
