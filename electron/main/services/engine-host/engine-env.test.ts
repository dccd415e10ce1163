import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineCommand } from './child-process-launcher';
import { ASSETS_DIR_ENV, ENGINE_KEY_ENV, engineEnvironment, FAULTS_ENV } from './engine-env';

const args = { dataDir: '/data/engine', key: 'sk_local_test', port: 0 as const };

describe("the engine's environment", () => {
  it("names the key and the repository's assets folder for a Node child process", () => {
    const { argv, env } = engineCommand('/repo', args, 'source');
    expect(env).toEqual({
      [ENGINE_KEY_ENV]: 'sk_local_test',
      [ASSETS_DIR_ENV]: path.join('/repo', 'assets'),
      [FAULTS_ENV]: '',
    });
    // The key is never on the command line, where other local users could read it.
    expect(argv.join(' ')).not.toContain('sk_local_test');
  });

  it('passes an assets folder chosen by the host', () => {
    const { env } = engineCommand('/repo', args, 'source', '/opt/Soundstage/resources');
    expect(env[ASSETS_DIR_ENV]).toBe('/opt/Soundstage/resources');
  });

  it('clears test faults from the environment unless they are allowed', () => {
    // An inherited SOUNDSTAGE_ENGINE_FAULTS is overwritten with nothing: the engine runs clean.
    expect(engineEnvironment(args, { assetsDir: '/a' })[FAULTS_ENV]).toBe('');
    expect(engineEnvironment(args, { assetsDir: '/a', allowFaults: true })).not.toHaveProperty(
      FAULTS_ENV,
    );
  });
});
