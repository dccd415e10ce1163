import type { TaskType } from '../../shared/api/task-types';
import type { Rejection } from '../server/rejection';

/**
 * Test-only fault switches (docs/structure.md): supplied as engine configuration (`faults`
 * option, `--faults JSON`, SOUNDSTAGE_ENGINE_FAULTS), never by anything a request carries.
 */
export interface FaultConfig {
  /** Added before answering every /v1 request. */
  latencyMs?: number;
  /** Answers matching POST/GET paths with a forced status, `times` times (default: always). */
  forceStatus?: ForcedStatus[];
  /** Stream responses stop after this many audio chunks. */
  stream?: { afterChunks: number; kind: 'cut' | 'error'; code?: string; message?: string };
  /** Async tasks of a type (or any type) fail with this code, `times` times (default: always). */
  failTasks?: { type?: TaskType; code: string; message?: string; times?: number }[];
  /**
   * Tools the engine's toolchain treats as absent (e.g. `["pocketsphinx_continuous"]`), so a
   * test can run a real engine on a machine "without" them (docs/engine-notes.md 7).
   */
  hideTools?: string[];
}

export interface ForcedStatus {
  path: string;
  status: number;
  code?: string;
  message?: string;
  retryAfter?: number;
  times?: number;
}

const DEFAULT_CODES: Record<number, string> = {
  400: 'invalid_request',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  429: 'rate_limit_exceeded',
  500: 'internal_error',
  502: 'upstream_error',
  503: 'service_unavailable',
};

/** The mutable counters of one engine's fault configuration. */
export class Faults {
  private readonly statusUses = new Map<ForcedStatus, number>();
  private readonly failUses = new Map<object, number>();

  constructor(readonly config: FaultConfig = {}) {}

  static parse(text: string | undefined): FaultConfig | undefined {
    if (!text) return undefined;
    return JSON.parse(text) as FaultConfig;
  }

  latencyMs(): number {
    return Math.max(0, this.config.latencyMs ?? 0);
  }

  /** A forced response for this path, consuming one use. */
  forcedStatus(path: string): Rejection | undefined {
    for (const forced of this.config.forceStatus ?? []) {
      if (forced.path !== path) continue;
      const used = this.statusUses.get(forced) ?? 0;
      if (forced.times !== undefined && used >= forced.times) continue;
      this.statusUses.set(forced, used + 1);
      const retry = forced.retryAfter ?? (forced.status === 429 ? 60 : undefined);
      return {
        status: forced.status,
        code: forced.code ?? DEFAULT_CODES[forced.status] ?? 'forced_fault',
        message: forced.message ?? `Forced ${forced.status} (engine fault configuration)`,
        ...(retry !== undefined ? { headers: { 'Retry-After': String(retry) } } : {}),
      };
    }
    return undefined;
  }

  /** The failure to inject into a task of this type, consuming one use. */
  taskFailure(type: TaskType): { code: string; message: string } | undefined {
    for (const rule of this.config.failTasks ?? []) {
      if (rule.type && rule.type !== type) continue;
      const used = this.failUses.get(rule) ?? 0;
      if (rule.times !== undefined && used >= rule.times) continue;
      this.failUses.set(rule, used + 1);
      return {
        code: rule.code,
        message: rule.message ?? `Forced failure ${rule.code} (engine fault configuration)`,
      };
    }
    return undefined;
  }

  streamFault(): FaultConfig['stream'] {
    return this.config.stream;
  }
}
