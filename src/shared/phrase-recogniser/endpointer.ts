/**
 * Streaming voice-activity endpointer for the recording screen: feed it audio blocks of any size;
 * it says when voice starts and when it has ended (after trailing silence), and gives the level
 * for a meter. 20 ms frames; the noise floor is learned from the quiet frames.
 */
export interface EndpointerOptions {
  sampleRate: number;
  /** Silence after voice that ends the take (ms). */
  trailingSilenceMs?: number;
  /** Voice needed to count as a start (ms). */
  minVoiceMs?: number;
  /** The take ends here whatever happens (ms). */
  maxMs?: number;
  /** How far above the noise floor voice is (dB). */
  marginDb?: number;
  /** Nothing under this level (dBFS) is voice. */
  minLevelDb?: number;
}

export type EndpointEvent = "start" | "end";

export interface EndpointerState {
  /** Level of the last frame in dBFS (for the meter). */
  levelDb: number;
  speaking: boolean;
  ended: boolean;
  /** Sample index (from the first sample fed) where voice started, or −1. */
  startSample: number;
  /** Sample index where voice ended (before the trailing silence), or −1. */
  endSample: number;
}

export class Endpointer {
  private readonly frame: number;
  private readonly options: Required<EndpointerOptions>;
  private buffer: Float32Array;
  private filled = 0;
  private consumed = 0;
  private noiseDb = -60;
  private voicedRun = 0;
  private silentRun = 0;
  private lastVoiceEnd = -1;
  readonly state: EndpointerState = {
    levelDb: -Infinity,
    speaking: false,
    ended: false,
    startSample: -1,
    endSample: -1,
  };

  constructor(options: EndpointerOptions) {
    this.options = {
      trailingSilenceMs: 900,
      minVoiceMs: 100,
      maxMs: 6000,
      marginDb: 10,
      minLevelDb: -55,
      ...options,
    };
    this.frame = Math.round(options.sampleRate * 0.02);
    this.buffer = new Float32Array(this.frame);
  }

  /** Feeds a block; returns the events it caused, in order. */
  push(block: Float32Array): EndpointEvent[] {
    const events: EndpointEvent[] = [];
    for (let i = 0; i < block.length && !this.state.ended; i++) {
      this.buffer[this.filled++] = block[i]!;
      if (this.filled === this.frame) {
        this.filled = 0;
        const event = this.onFrame();
        if (event) events.push(event);
      }
    }
    return events;
  }

  private onFrame(): EndpointEvent | null {
    const { sampleRate, trailingSilenceMs, minVoiceMs, maxMs, marginDb, minLevelDb } = this.options;
    let energy = 0;
    for (const x of this.buffer) energy += x * x;
    const levelDb = 10 * Math.log10(energy / this.frame + 1e-12);
    this.state.levelDb = levelDb;
    const frameStart = this.consumed;
    this.consumed += this.frame;
    const voice = levelDb > Math.max(minLevelDb, this.noiseDb + marginDb);
    if (!voice) {
      // The floor follows quiet frames quickly downwards and slowly upwards.
      this.noiseDb =
        levelDb < this.noiseDb
          ? 0.7 * this.noiseDb + 0.3 * levelDb
          : 0.97 * this.noiseDb + 0.03 * levelDb;
    }
    const ms = (frames: number) => (frames * this.frame * 1000) / sampleRate;
    if (!this.state.speaking) {
      this.voicedRun = voice ? this.voicedRun + 1 : 0;
      if (ms(this.voicedRun) >= minVoiceMs) {
        this.state.speaking = true;
        this.state.startSample = frameStart - (this.voicedRun - 1) * this.frame;
        this.silentRun = 0;
        return "start";
      }
      return null;
    }
    if (voice) {
      this.silentRun = 0;
      this.lastVoiceEnd = this.consumed;
    } else this.silentRun++;
    const tooLong = (this.consumed * 1000) / sampleRate >= maxMs;
    if (ms(this.silentRun) >= trailingSilenceMs || tooLong) {
      this.state.ended = true;
      this.state.speaking = false;
      this.state.endSample = this.lastVoiceEnd > 0 ? this.lastVoiceEnd : this.consumed;
      return "end";
    }
    return null;
  }
}
