import type { ChargeEstimate } from '../billing/estimate';
import {
  balanceAfter,
  estimateBatch,
  type AccountBilling,
  type BalanceAfter,
} from '../billing/estimate';
import type { LanguageCode } from '../../api/languages';
import { quantizeUsd } from '../../api/billing-rates';
import { dubbingForm, dubbingRequestSchema } from '../../api/requests/dubbing';
import { problemsFromZod, type FormParts } from '../../api/requests/common';
import { baseName } from '../files/file-names';
import {
  levelOf,
  localTranslationReasons,
  scriptReasons,
  settingsReasons,
  soundReasons,
  videoReasons,
  type CellReason,
  type DubBatchSettings,
  type PreflightLevel,
  type ScriptFacts,
  type VideoFacts,
} from './cell-preflight';
import { pairScripts, type BatchScriptFile, type UnpairedScript } from './script-pairing';
import type { CapabilityTable } from '../../api/capabilities';
import { capabilityReasons } from './capability-reasons';

export interface DubBatchInput {
  videos: readonly VideoFacts[];
  scripts: readonly BatchScriptFile[];
  scriptFacts: readonly ScriptFacts[];
  settings: DubBatchSettings;
  account: AccountBilling;
  /** Cells the user left out (`video\u0000language`): not sent, not charged. */
  excluded?: ReadonlySet<string>;
  /** The local engine's capability table, when known: cells it cannot do are blocked. */
  capabilities?: CapabilityTable | null;
  /**
   * Requests already sent (`runCoverage`): key -> the languages its job asked for (null when the
   * job is not known: it then covers every cell of its video and kind). A covered cell rides its
   * old request and is never planned again; languages added later get a request of their own.
   */
  covered?: ReadonlyMap<string, ReadonlySet<string> | null>;
}

export interface CellPlan {
  video: string;
  language: LanguageCode;
  /** The paired script, when exactly one. */
  script?: string;
  preflight: PreflightLevel;
  reasons: CellReason[];
  /** The request this cell rides in; null when blocked. */
  requestKey: string | null;
  /** This cell's share of its request's charge (shares add up to the request exactly). */
  amount: number;
  /** Left out by the user: no request, no charge. */
  excluded?: boolean;
}

/**
 * One POST /v1/dubbing. The service wants the script set to equal `languages`, so a video's
 * scripted languages go in one request (with their scripts) and its unscripted ones in another.
 */
export interface RequestPlan {
  key: string;
  video: string;
  languages: LanguageCode[];
  scripted: boolean;
  form: FormParts;
  charge: ChargeEstimate;
}

export interface RowPlan {
  video: string;
  /** Reasons of the video itself (they block every cell of the row). */
  reasons: CellReason[];
  cells: CellPlan[];
  amount: number;
}

export interface DubBatchPlan {
  rows: RowPlan[];
  requests: RequestPlan[];
  unpaired: UnpairedScript[];
  total: number;
  /** null when the account reports no balance. */
  balanceAfter: BalanceAfter | null;
  counts: Record<PreflightLevel, number>;
}

const requestKey = (video: string, scripted: boolean) =>
  `${video}#${scripted ? 'scripted' : 'translated'}`;

/** Whether a request key is one of this video's: `<video>#<kind>`, or `+<languages>` after it. */
function isKeyOf(key: string, video: string): boolean {
  return [true, false].some((scripted) => {
    const base = requestKey(video, scripted);
    return key === base || key.startsWith(`${base}+`);
  });
}

const scriptedKey = (key: string) => /#scripted(\+|$)/.test(key);

/**
 * The whole batch plan, computed locally before anything is uploaded or charged: pairing,
 * per-cell preflight mirroring the server's dubbing rules, requests the API accepts, and the
 * exact charge per request, cell, row and in total.
 */
export function planDubBatch(input: DubBatchInput): DubBatchPlan {
  const { settings } = input;
  const videos = input.videos.map((video) => video.path);
  const pairing = pairScripts(videos, input.scripts, settings.languages);
  const factsByPath = new Map(input.scriptFacts.map((facts) => [facts.path, facts]));
  const rows: RowPlan[] = [];
  const requests: RequestPlan[] = [];

  for (const video of input.videos) {
    const rowReasons = videoReasons(video, settings);
    const scriptsOf = pairing.byVideo[video.path] ?? {};
    const cells: CellPlan[] = settings.languages.map((language) => {
      const scripts = scriptsOf[language] ?? [];
      const reasons = [
        ...rowReasons,
        ...scriptReasons(language, scripts, (path) => factsByPath.get(path)),
        ...soundReasons(video, scripts.length > 0),
        ...settingsReasons(settings, scripts.length > 0),
        ...localTranslationReasons(language, settings, scripts.length > 0),
        ...capabilityReasons(language, settings, scripts.length > 0, input.capabilities),
      ];
      const cell: CellPlan = {
        video: video.path,
        language,
        preflight: levelOf(reasons),
        reasons,
        requestKey: null,
        amount: 0,
      };
      if (scripts.length === 1) cell.script = scripts[0]!;
      if (input.excluded?.has(`${video.path}\u0000${language}`)) cell.excluded = true;
      return cell;
    });
    const runKeys = [...(input.covered?.keys() ?? [])].filter((key) => isKeyOf(key, video.path));
    const coverOf = (cell: CellPlan) =>
      runKeys.find((key) => {
        const languages = input.covered!.get(key);
        return languages ? languages.has(cell.language) : scriptedKey(key) === !!cell.script;
      });
    const eligible = cells.filter((cell) => cell.preflight !== 'blocked' && !cell.excluded);
    // Cells of requests already sent: shown with their old request, never planned again.
    for (const key of runKeys) {
      const group = eligible.filter((cell) => coverOf(cell) === key);
      if (group.length === 0) continue;
      for (const cell of group) cell.requestKey = key;
      const scripted = scriptedKey(key) && group.every((cell) => cell.script !== undefined);
      const planned = requestFor(video, group, scripted, settings);
      if (planned.ok) requests.push({ ...planned.request, key });
    }
    for (const scripted of [true, false]) {
      const group = eligible.filter(
        (cell) => coverOf(cell) === undefined && (cell.script !== undefined) === scripted,
      );
      if (group.length === 0) continue;
      const planned = requestFor(video, group, scripted, settings);
      if (!planned.ok) {
        for (const cell of group) {
          cell.reasons.push(...planned.reasons);
          cell.preflight = 'blocked';
        }
        continue;
      }
      // A language added after Start: a request of its own, keyed by what it adds.
      const base = planned.request.key;
      const key = input.covered?.has(base)
        ? `${base}+${planned.request.languages.join(',')}`
        : base;
      for (const cell of group) cell.requestKey = key;
      requests.push({ ...planned.request, key });
    }
    rows.push({ video: video.path, reasons: rowReasons, cells, amount: 0 });
  }

  priceRequests(requests, rows, input);
  const total = quantizeUsd(requests.reduce((sum, request) => sum + request.charge.amount, 0));
  const counts: Record<PreflightLevel, number> = { ok: 0, warn: 0, blocked: 0 };
  for (const row of rows) for (const cell of row.cells) counts[cell.preflight] += 1;
  return {
    rows,
    requests,
    unpaired: pairing.unpaired,
    total,
    balanceAfter: balanceAfter(input.account.balance, total),
    counts,
  };
}

type PlannedRequest = { ok: true; request: RequestPlan } | { ok: false; reasons: CellReason[] };

/** Builds and validates one request with the same schema the single-video form uses. */
function requestFor(
  video: VideoFacts,
  cells: readonly CellPlan[],
  scripted: boolean,
  settings: DubBatchSettings,
): PlannedRequest {
  const languages = cells.map((cell) => cell.language);
  const subtitles: Record<string, { file: string }> = {};
  if (scripted) for (const cell of cells) subtitles[cell.language] = { file: cell.script! };
  const parsed = dubbingRequestSchema.safeParse({
    ...(video.isUrl ? { video_url: video.path } : { video: video.path }),
    languages,
    ducking: settings.ducking,
    lipsync: settings.engine === 'local' ? false : settings.lipsync,
    subtitles,
    export_srt: scripted && settings.exportSrt,
  });
  if (!parsed.success)
    return {
      ok: false,
      reasons: problemsFromZod(parsed.error).map((problem) => ({
        level: 'blocked' as const,
        code: 'request_invalid',
        message: problem.message,
      })),
    };
  return {
    ok: true,
    request: {
      key: requestKey(video.path, scripted),
      video: video.path,
      languages,
      scripted,
      form: dubbingForm(parsed.data),
      // Priced once every request is known (trial calls are used up in batch order).
      charge: { amount: 0, currency: 'USD', trialUsed: false, explanation: '' },
    },
  };
}

/** Prices the requests in order and splits each charge over its cells to the 0.0001 unit. */
function priceRequests(requests: RequestPlan[], rows: RowPlan[], input: DubBatchInput): void {
  const seconds = new Map(input.videos.map((video) => [video.path, video.durationSeconds]));
  const priced = estimateBatch(
    requests.map((request) => ({
      type: 'dubbing' as const,
      seconds: seconds.get(request.video) ?? 0,
      languages: request.languages.length,
      scripts: request.scripted,
    })),
    input.account,
  );
  requests.forEach((request, index) => (request.charge = priced.items[index]!));
  const byKey = new Map(requests.map((request) => [request.key, request]));
  for (const row of rows) {
    for (const request of requests.filter((r) => r.video === row.video)) {
      const cells = row.cells.filter((cell) => cell.requestKey === request.key);
      const shares = splitAmount(request.charge.amount, cells.length);
      cells.forEach((cell, index) => (cell.amount = shares[index]!));
    }
    row.amount = quantizeUsd(
      row.cells.reduce(
        (sum, cell) => sum + (byKey.has(cell.requestKey ?? '') ? cell.amount : 0),
        0,
      ),
    );
  }
}

/** `amount` in n shares of whole 0.0001 units that add up to it exactly. */
export function splitAmount(amount: number, n: number): number[] {
  if (n <= 0) return [];
  const units = Math.round(amount * 10_000);
  const base = Math.floor(units / n);
  const extra = units - base * n;
  return Array.from({ length: n }, (_, index) => (base + (index < extra ? 1 : 0)) / 10_000);
}

/** A short label for a request in the Jobs list. */
export function requestLabel(request: RequestPlan): string {
  return `Dub ${baseName(request.video)} → ${request.languages.join(', ')}`;
}
