import type { BuildOptions } from 'esbuild';

export function engineBuildOptions(root: string, outfile?: string): BuildOptions;
export function mainBuildOptions(
  root: string,
  engineSha256: string,
  outfile?: string,
): BuildOptions;
export function preloadBuildOptions(root: string, outfile?: string): BuildOptions;
