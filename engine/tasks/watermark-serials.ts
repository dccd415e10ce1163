import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { JsonFile, readJsonFile } from '../files/atomic-json';

interface SerialState {
  nextPayload: number;
}

/**
 * Hands out the 32-bit watermark payload of each generation, unique within a data folder
 * (a random start keeps two data folders apart), persisted so restarts never reuse one.
 */
export class WatermarkSerials {
  private readonly file: JsonFile;

  private constructor(
    path: string,
    private state: SerialState,
  ) {
    this.file = new JsonFile(path);
  }

  static async open(dataDir: string): Promise<WatermarkSerials> {
    const path = join(dataDir, 'watermark-serials.json');
    const state = (await readJsonFile<SerialState>(path)) ?? { nextPayload: randomInt(1, 2 ** 31) };
    return new WatermarkSerials(path, state);
  }

  /** The next payload; resolves once the counter past it is on disk. */
  async next(): Promise<number> {
    const payload = this.state.nextPayload >>> 0;
    this.state = { nextPayload: (payload + 1) >>> 0 || 1 };
    await this.file.save(this.state);
    return payload;
  }
}
