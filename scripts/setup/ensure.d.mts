/** Types of scripts/setup/ensure.mjs for the TypeScript that reads the set-up lists. */
export interface DebianGroup {
  required: boolean;
  packages: string[];
  adds: string;
}
export function debianGroups(): DebianGroup[];
