import { MIX_LANES, type MixLane } from '../../../../shared/domain/project/document';

/**
 * The Web Audio graph of the live preview: each lane's media element through its own gain, the
 * music lane through one more gain for the duck, all to the speakers. Media elements can be
 * wired into a graph only once, so nodes are kept per element for the page's life.
 */
export class MixGraph {
  private context: AudioContext | null = null;
  private readonly sources = new WeakMap<HTMLMediaElement, MediaElementAudioSourceNode>();
  private readonly gains = new Map<MixLane, GainNode>();
  private duck: GainNode | null = null;

  /** Created on the first play, which is a user gesture, so the context may start. */
  private ensure(): AudioContext | null {
    if (this.context) return this.context;
    if (typeof AudioContext === 'undefined') return null;
    const context = new AudioContext();
    this.duck = context.createGain();
    this.duck.connect(context.destination);
    for (const lane of MIX_LANES) {
      const gain = context.createGain();
      gain.connect(lane === 'music' ? this.duck : context.destination);
      this.gains.set(lane, gain);
    }
    this.context = context;
    return context;
  }

  /** Routes an element into a lane; false when Web Audio is not available here. */
  connect(lane: MixLane, element: HTMLMediaElement): boolean {
    const context = this.ensure();
    const gain = this.gains.get(lane);
    if (!context || !gain) return false;
    let source = this.sources.get(element);
    if (!source) {
      source = context.createMediaElementSource(element);
      this.sources.set(element, source);
    }
    source.disconnect();
    source.connect(gain);
    if (context.state === 'suspended') void context.resume();
    return true;
  }

  /** Call from a user gesture (Play): a context created earlier may still be suspended. */
  resume(): void {
    if (this.context?.state === 'suspended') void this.context.resume();
  }

  /** Gains move in ~20 ms so a mute or solo is instant but never clicks. */
  setGain(lane: MixLane, linear: number): void {
    const gain = this.gains.get(lane);
    if (gain && this.context) gain.gain.setTargetAtTime(linear, this.context.currentTime, 0.02);
  }

  /** The duck follows the source: down fast (~150 ms), back up slower (~500 ms). */
  setDuck(linear: number): void {
    if (!this.duck || !this.context) return;
    const falling = linear < this.duck.gain.value;
    this.duck.gain.setTargetAtTime(linear, this.context.currentTime, falling ? 0.05 : 0.17);
  }
}

export const mixGraph = new MixGraph();
