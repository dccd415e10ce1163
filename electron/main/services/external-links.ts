/** Hosts the app may open in the system browser (documentation, billing). */
const EXTERNAL_HOST_ALLOWLIST = [/(^|\.)sonilo\.ai$/, /(^|\.)github\.com$/];

/**
 * True for links the app may hand to the system browser: https only, allowlisted hosts only.
 * Plain Node so the IPC handler (which answers `opened:false` otherwise) and the window's
 * navigation guards share one rule.
 */
export function isAllowedExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' &&
      !parsed.username &&
      !parsed.password &&
      EXTERNAL_HOST_ALLOWLIST.some((pattern) => pattern.test(parsed.hostname))
    );
  } catch {
    return false;
  }
}
