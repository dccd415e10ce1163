import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint gate that keeps every external program behind shared/node/toolchain
 * (docs/decisions/070-one-toolchain.md), run through ESLint's own API on the repo's real
 * eslint.config.js: code is linted as if it sat at the given path.
 */
const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function ruleHits(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

// An existing test helper and an existing engine module, so the type-aware parser knows them.
const TEST_HELPER = 'engine/media/__tests__/fixtures.ts';
const ENGINE_MODULE = 'engine/media/probe.ts';

describe('the toolchain lint rules', () => {
  it('flags a tool started by its bare name, plain or as a member call', async () => {
    const hits = await ruleHits(
      [
        "import * as cp from 'node:child_process';",
        "import { spawn } from 'node:child_process';",
        "spawn('ffmpeg', []);",
        "cp.execFileSync('ffprobe', ['-version']);",
        "cp.execSync('sox in.wav out.wav');",
        'spawn(`espeak-ng`, []);',
        '',
      ].join('\n'),
      TEST_HELPER,
    );
    const restricted = hits.filter((hit) => hit.startsWith('no-restricted-syntax'));
    expect(restricted).toHaveLength(4);
    expect(restricted[0]).toContain('shared/node/toolchain');
  });

  it('accepts a tool started through toolPath', async () => {
    const hits = await ruleHits(
      [
        "import { spawn } from 'node:child_process';",
        "import { toolPath } from '../../../shared/node/toolchain';",
        "spawn(toolPath('ffmpeg'), []);",
        '',
      ].join('\n'),
      TEST_HELPER,
    );
    expect(hits).toEqual([]);
  });

  it('keeps child_process out of engine modules, type imports aside', async () => {
    const hits = await ruleHits(
      [
        "import { spawn, type ChildProcess } from 'node:child_process';",
        'export const child: ChildProcess = spawn(process.execPath, []);',
        '',
      ].join('\n'),
      ENGINE_MODULE,
    );
    expect(hits).toEqual([expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: /)]);
    const typeOnly = await ruleHits(
      [
        "import type { ChildProcess } from 'node:child_process';",
        'export type Child = ChildProcess;',
        '',
      ].join('\n'),
      ENGINE_MODULE,
    );
    expect(typeOnly).toEqual([]);
  });
});

describe('the feature-folder lint rule', () => {
  it('flags an import from one feature folder into another', async () => {
    const hits = await ruleHits(
      [
        "import { useScoreStore } from '../score/score-store';",
        'export const project = useScoreStore.getState().project;',
        '',
      ].join('\n'),
      'renderer/src/features/subtitles/use-subs-checks.ts',
    );
    const zone = hits.filter((hit) => hit.startsWith('import/no-restricted-paths'));
    expect(zone).toHaveLength(1);
    expect(zone[0]).toContain('A feature folder never imports another');
  });

  it('accepts imports inside a feature and from the editor core', async () => {
    const hits = await ruleHits(
      [
        "import { subsPart } from './subs-store';",
        "import { useOpenProject } from '../../editor/project/open-project-store';",
        'export const both = [subsPart, useOpenProject];',
        '',
      ].join('\n'),
      'renderer/src/features/subtitles/use-subs-checks.ts',
    );
    expect(hits.filter((hit) => hit.startsWith('import/no-restricted-paths'))).toEqual([]);
  });
});
