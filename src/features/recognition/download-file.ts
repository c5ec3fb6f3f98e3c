export const textFileName = "recognized-text.txt";
export const audioFileName = "generated-audio.wav";

export function textFile(text: string): Blob {
  return new Blob([text], { type: "text/plain;charset=utf-8" });
}
