import { randomBytes } from 'node:crypto';

/** How long a printed-for-the-opener launch link stays usable. */
export const LAUNCH_CODE_TTL_MS = 2 * 60_000;

/**
 * One-time launch codes for the URL handed to the system's URL opener. A command line is
 * readable by every local user (ps, /proc/PID/cmdline), so the opener never gets the token:
 * it gets `/launch/<code>`, which works once, within a short time, and answers a redirect to
 * the page with the token in the fragment. Someone who raced the browser to it would leave the
 * user a "link already used" page instead of a silent session.
 */
export class LaunchCodes {
  private readonly codes = new Map<string, number>();

  constructor(
    private readonly ttlMs = LAUNCH_CODE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  issue(): string {
    const code = randomBytes(18).toString('base64url');
    this.codes.set(code, this.now());
    return code;
  }

  /** True once for a code that was issued and is still fresh; every later try is false. */
  redeem(code: string): boolean {
    const issued = this.codes.get(code);
    if (issued === undefined) return false;
    this.codes.delete(code);
    return this.now() - issued < this.ttlMs;
  }
}
