import type { CapabilityTable } from '../../shared/api/capabilities';
import { defaultToolchain, type Toolchain } from '../../shared/node/toolchain';
import {
  mediaCapability,
  musicCapability,
  sfxCapability,
  videoAnalysisCapability,
} from './media-capabilities';
import {
  recognitionCapabilities,
  translationCapabilities,
  voiceCapabilities,
} from './speech-capabilities';
import { toolRows } from './tool-rows';

/**
 * What this machine can do offline, from the same toolchain and synthesis choices the
 * generators use, so the table and the work never disagree (docs/decisions/073-capability-table.md).
 */
export async function computeCapabilities(
  toolchain: Toolchain = defaultToolchain(),
): Promise<CapabilityTable> {
  return {
    computedAt: new Date().toISOString(),
    platform: `${process.platform}-${process.arch}`,
    tools: toolRows(toolchain),
    media: mediaCapability(toolchain),
    music: musicCapability(toolchain),
    sfx: sfxCapability(toolchain),
    videoAnalysis: videoAnalysisCapability(toolchain),
    voices: await voiceCapabilities(),
    recognition: recognitionCapabilities(toolchain),
    translation: translationCapabilities(toolchain),
  };
}

/** Computes the table once and keeps it; `refresh` re-resolves every tool (a path changed). */
export class CapabilityCache {
  private pending: Promise<CapabilityTable> | null = null;

  constructor(private readonly toolchain: Toolchain = defaultToolchain()) {}

  current(): Promise<CapabilityTable> {
    this.pending ??= this.compute();
    return this.pending;
  }

  refresh(): Promise<CapabilityTable> {
    // configure() with the same paths forgets every resolution, so tools are looked up again.
    this.toolchain.configure(this.toolchain.overrides);
    this.pending = this.compute();
    return this.pending;
  }

  private compute(): Promise<CapabilityTable> {
    return computeCapabilities(this.toolchain).catch((error: unknown) => {
      // A failed computation is not kept: the next request tries again.
      this.pending = null;
      throw error;
    });
  }
}
