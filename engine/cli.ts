import { parseArgs } from 'node:util';
import { Faults } from './faults/faults';
import type { AccountSeed } from './accounts/account';
import { startEngine } from './index';

const USAGE = `usage: npm run engine -- [--port N] [--data DIR] [--key KEY] [--faults JSON] [--accounts JSON] [--result-ttl SECONDS]
       npm run engine -- watermark detect FILE [--key K]
Environment: SOUNDSTAGE_ENGINE_PORT, SOUNDSTAGE_ENGINE_DATA, SOUNDSTAGE_ENGINE_KEY, SOUNDSTAGE_ENGINE_FAULTS, SOUNDSTAGE_ENGINE_ACCOUNTS
--accounts seeds extra accounts, e.g. '[{"key":"sk_x","concurrencyLimit":10,"balance":5}]'`;

/** Extra accounts for a standalone engine (benchmarks, manual tests of limits and billing). */
function parseAccountSeeds(text: string | undefined): AccountSeed[] | null {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    const valid =
      Array.isArray(value) &&
      value.every(
        (seed) =>
          typeof seed === 'object' &&
          seed !== null &&
          typeof (seed as { key?: unknown }).key === 'string',
      );
    return valid ? (value as AccountSeed[]) : null;
  } catch {
    return null;
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'watermark') {
    const { runWatermarkCli } = await import('./watermark/cli');
    return runWatermarkCli(argv.slice(1));
  }
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      key: { type: 'string' },
      faults: { type: 'string' },
      accounts: { type: 'string' },
      'result-ttl': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const env = process.env;
  const port = Number(values.port ?? env.SOUNDSTAGE_ENGINE_PORT ?? 0);
  const dataDir = values.data ?? env.SOUNDSTAGE_ENGINE_DATA;
  const key = values.key ?? env.SOUNDSTAGE_ENGINE_KEY;
  if (!dataDir || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(USAGE);
    return 2;
  }
  const accounts = parseAccountSeeds(values.accounts ?? env.SOUNDSTAGE_ENGINE_ACCOUNTS);
  if (accounts === null) {
    console.error('--accounts must be a JSON array of objects, each with a "key" string.');
    return 2;
  }
  const ttl = values['result-ttl'] ?? env.SOUNDSTAGE_ENGINE_RESULT_TTL;
  const engine = await startEngine({
    port,
    dataDir,
    key,
    accounts,
    faults: Faults.parse(values.faults ?? env.SOUNDSTAGE_ENGINE_FAULTS),
    resultTtlSeconds: ttl ? Number(ttl) : undefined,
    log: (line) => console.error(`[engine] ${line}`),
  });
  // A server must outlive one request's mistake: a promise nobody handled is a bug to log (with
  // its stack), not a reason to end every other upload and task.
  process.on('unhandledRejection', (reason) => {
    console.error(
      `[engine] unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`,
    );
  });
  console.log(`Soundstage engine listening on ${engine.url}`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  await engine.close();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
