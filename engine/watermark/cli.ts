import { DEFAULT_WATERMARK_KEY, detectWatermarkFile, watermarkWavFile } from './index';

const USAGE = [
  'usage: watermark detect FILE [--key K]',
  '       watermark embed FILE.wav --payload N [--key K]',
].join('\n');

/**
 * `npm run engine -- watermark detect FILE [--key K]`: prints the payload and exits 0 when the
 * watermark is found, 1 when it is not, 2 on a usage or decoding error.
 */
export async function runWatermarkCli(args: string[]): Promise<number> {
  const rest = args[0] === 'watermark' ? args.slice(1) : args;
  const [command, file, ...options] = rest;
  const parsed = parseOptions(options);
  if (!command || !file || !parsed.ok) {
    console.error(parsed.ok ? USAGE : `${parsed.error}\n${USAGE}`);
    return 2;
  }
  const key = parsed.value.key ?? DEFAULT_WATERMARK_KEY;
  try {
    if (command === 'detect') {
      const result = await detectWatermarkFile(file, key);
      if (result.found && result.payload !== undefined) {
        console.log(`watermark: found, payload 0x${result.payload.toString(16).padStart(8, '0')}`);
        return 0;
      }
      console.log('watermark: not found');
      return 1;
    }
    if (command === 'embed') {
      const payload = parsed.value.payload;
      if (payload === undefined) {
        console.error(`--payload is required\n${USAGE}`);
        return 2;
      }
      await watermarkWavFile(file, { key, payload });
      console.log(
        `watermark: embedded payload 0x${payload.toString(16).padStart(8, '0')} into ${file}`,
      );
      return 0;
    }
  } catch (error) {
    console.error(`watermark: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  console.error(USAGE);
  return 2;
}

type Options = { key?: string; payload?: number };

function parseOptions(
  options: string[],
): { ok: true; value: Options } | { ok: false; error: string } {
  const value: Options = {};
  for (let i = 0; i < options.length; i += 2) {
    const name = options[i];
    const arg = options[i + 1];
    if (arg === undefined) return { ok: false, error: `${name} needs a value` };
    if (name === '--key') value.key = arg;
    else if (name === '--payload') {
      const payload = Number(arg);
      if (!Number.isInteger(payload) || payload < 0 || payload > 0xffffffff) {
        return { ok: false, error: '--payload must be an integer from 0 to 0xffffffff' };
      }
      value.payload = payload;
    } else return { ok: false, error: `unknown option ${name}` };
  }
  return { ok: true, value };
}
