// Types for the parts of @echogarden/espeak-ng-emscripten@0.3.5 we use
// (the package ships no typings). Derived from reading espeak-ng.js.
declare module "@echogarden/espeak-ng-emscripten" {
  export interface EspeakEvent {
    type: string;
    text_position: number;
    word_length: number;
    audio_position: number;
    id?: string | number;
  }

  export interface ESpeakNGWorker {
    /** Native sample rate (22050 for this build). */
    readonly samplerate: number;
    /** Words per minute, applied at the start of every synth_ call. */
    rate: number;
    /** 0..100, applied at the start of every synth_ call. */
    pitch: number;
    volume: number;
    range: number;
    /** Returns 0 on success, non-zero espeak error code (2 = voice not found). */
    set_voice(
      name: string,
      language?: string,
      gender?: number,
      age?: number,
      variant?: number,
    ): number;
    /**
     * Synchronous: calls `callback` for each audio chunk before returning.
     * A truthy callback return value ABORTS synthesis.
     */
    synthesize(
      text: string,
      callback: (samples: Int16Array, events: EspeakEvent[]) => unknown,
    ): void;
    synthesize_ipa(text: string): { code: number; ipa: string };
    list_voices(): {
      name: string;
      identifier: string;
      languages: { priority: number; name: string }[];
    }[];
  }

  export interface EmscriptenFS {
    mkdirTree(path: string): void;
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string): Uint8Array;
    readdir(path: string): string[];
    stat(path: string): { mode: number; size: number };
    isDir(mode: number): boolean;
    unlink(path: string): void;
    rmdir(path: string): void;
    analyzePath(path: string): { exists: boolean };
  }

  export interface EspeakModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
    FS: EmscriptenFS;
  }

  export interface EspeakModuleArg {
    /** Emscripten file_packager hook: return the package bytes instead of fetching/reading espeak-ng.data. */
    getPreloadedPackage?: (
      remotePackageName: string,
      remotePackageSize: number,
    ) => ArrayBuffer | null;
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }

  const createModule: (moduleArg?: EspeakModuleArg) => Promise<EspeakModule>;
  export default createModule;
}
