/**
 * Runs on the audio thread: hands the microphone's samples to the page in blocks of 1024. The
 * page may be busy (a slow phone starting the app); messages wait for it, samples are not lost,
 * which a ScriptProcessor on the page's thread cannot promise.
 */
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

const blockSize = 1024;

class CaptureProcessor extends AudioWorkletProcessor {
  private block = new Float32Array(blockSize);
  private filled = 0;
  private stopped = false;

  constructor() {
    super();
    // The page's one message: it is about to close the context (microphone.ts).
    this.port.onmessage = () => (this.stopped = true);
  }

  process(inputs: Float32Array[][]): boolean {
    // Returning false lets the node go: while it returns true, Chromium keeps the node, and its
    // AudioContext, alive after the context is closed, one more for every take of the page.
    if (this.stopped) {
      this.port.postMessage("stopped");
      return false;
    }
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    let offset = 0;
    while (offset < channel.length) {
      const count = Math.min(channel.length - offset, blockSize - this.filled);
      this.block.set(channel.subarray(offset, offset + count), this.filled);
      this.filled += count;
      offset += count;
      if (this.filled === blockSize) {
        this.port.postMessage(this.block, [this.block.buffer]);
        this.block = new Float32Array(blockSize);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor("dauys-capture", CaptureProcessor);
