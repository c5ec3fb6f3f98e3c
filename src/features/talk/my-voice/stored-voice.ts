/**
 * My voice's stored examples and settings as read from IndexedDB, with examples an older method
 * made re-made from their recordings, and changed as they are stored now, so that what another tab
 * of the app (the installed app beside a browser tab) stored meanwhile stays. Comes with My
 * voice's code, after the page (use-my-voice.ts).
 */
import {
  chosenTakes,
  readStoredExamples,
  recogniserExamples,
  remadeTakes,
  usableExamples,
  withoutRecordings,
  type StoredExample,
  type VoiceExamples,
} from "@/features/talk/my-voice/voice-examples";
import { askRecogniser } from "@/features/talk/my-voice/voice-recogniser";
import type { SpeechLanguage } from "@/shared/speech-options";
import { WorkerRefusal } from "@/lib/worker-client";
import { readStoredValue, readValue, storageKeys } from "@/lib/storage";
import { onChangeElsewhere, readAfterChanges, updateValue } from "@/lib/storage-between-tabs";

export type VoiceSettings = {
  keepRecordings: boolean;
  /** Phrases whose examples an older method made and could not be made again. */
  teachAgain?: Partial<Record<SpeechLanguage, string[]>>;
};

/**
 * How long the worker may take to make one recording's features again, or to choose among a
 * phrase's examples (a fraction of a second on a slow tablet). One that hangs would keep My voice
 * loading for good, and every change waiting.
 */
export const REMAKE_WAIT_MS = 10_000;

/**
 * The worker's answer within REMAKE_WAIT_MS: null when it answers that it cannot, undefined when
 * not now: late (it is stopped), or it crashed or could not load (offline, say). The next request
 * starts it.
 */
async function askInTime(
  request: Parameters<typeof askRecogniser>[0],
  transfer: Transferable[] = [],
) {
  const late = new AbortController();
  const timer = setTimeout(
    () => late.abort(new Error("The recogniser did not answer.")),
    REMAKE_WAIT_MS,
  );
  const timeUp = new Promise<never>((_resolve, reject) =>
    late.signal.addEventListener("abort", () => reject(late.signal.reason as Error)),
  );
  try {
    return await Promise.race([askRecogniser(request, transfer, late.signal), timeUp]);
  } catch (error) {
    return error instanceof WorkerRefusal ? null : undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** Features made again from a kept recording, in the worker (as `askInTime` answers). */
async function remakeInWorker(audio: Blob) {
  const wav = await audio.arrayBuffer();
  const answer = await askInTime({ type: "remake", wav }, [wav]);
  return answer && (answer.type === "features" ? answer.features : null);
}

/** The recogniser's choice among a phrase's examples past its caps; undefined when not now. */
async function chooseInWorker(examples: StoredExample[]) {
  const answer = await askInTime({ type: "choose", examples: recogniserExamples(examples) });
  return answer?.type === "kept" ? answer.kept : undefined;
}

/** The phrases to teach again, stored before and found now, each once. */
function mergeTeachAgain(
  stored: VoiceSettings["teachAgain"],
  found: VoiceSettings["teachAgain"],
): NonNullable<VoiceSettings["teachAgain"]> {
  const merged: NonNullable<VoiceSettings["teachAgain"]> = {};
  for (const source of [stored, found])
    for (const [language, ids] of Object.entries(source ?? {}) as [SpeechLanguage, unknown][])
      if (Array.isArray(ids))
        merged[language] = [
          ...new Set([...(merged[language] ?? []), ...ids.filter((id) => typeof id === "string")]),
        ];
  return merged;
}

/**
 * Whether the device failed the last read. Changes made meanwhile (a phrase deleted on the board,
 * recordings no longer kept) are kept by `changeValue`, made again on what is stored each time it
 * is read; they are written by the first read that succeeds, not left to a next change, which may
 * not come before the page is closed.
 */
let readFailed = false;

/**
 * The stored examples and settings; examples an older method made are made again
 * from their recordings (and stored), or their phrases are to be taught again. Rejects when
 * IndexedDB fails the read: shown as "nothing taught", the user's voice would look lost, and a
 * board file exported would go without it. Examples the worker did not make again (not in time,
 * or it crashed or did not load) stay stored as they are, for the next read; meanwhile they are
 * left out, and `waiting` lists their phrases. A phrase with more examples than the recogniser
 * keeps (those made again beside those an answer added meanwhile) is left with its choice.
 */
export async function readStoredVoice() {
  const [stored, settings] = await Promise.all([
    readStoredValue<unknown>(storageKeys.voiceExamples),
    readStoredValue<VoiceSettings>(storageKeys.voiceSettings),
  ]).catch((error: unknown) => {
    readFailed = true;
    throw error;
  });
  if (readFailed) {
    readFailed = false;
    await Promise.all([changeStoredExamples((all) => all), changeStoredSettings((now) => now)]);
  }
  const read = readStoredExamples(stored);
  const remakeOn = await remadeTakes(read, remakeInWorker);
  const remade = remakeOn(read);
  const chooseOn = await chosenTakes(remade.examples, chooseInWorker);
  if (!remade.changed && !chooseOn)
    return {
      ...usableExamples(remade.examples),
      keepRecordings: settings?.keepRecordings === true,
      teachAgain: mergeTeachAgain(settings?.teachAgain, {}),
    };
  // Stored as changes of what is stored now, not as read before: making the examples again (and
  // choosing among those past the caps) took seconds, in which another tab may have taught or
  // forgotten a phrase, or stopped keeping the recordings (which must not come back).
  let found: VoiceSettings["teachAgain"] = {};
  const examples = await changeStoredExamples((now) => {
    const made = remakeOn(now);
    found = made.teachAgain;
    return chooseOn ? chooseOn(made.examples) : made.examples;
  });
  const kept = await changeStoredSettings((now) => ({
    ...now,
    teachAgain: mergeTeachAgain(now.teachAgain, found),
  }));
  return {
    ...usableExamples(examples),
    keepRecordings: kept.keepRecordings,
    teachAgain: kept.teachAgain ?? {},
  };
}

/** `readStoredVoice`, read again while changes are made here (`readAfterChanges`). */
export const readStoredVoiceAfterChanges = (changesMade: () => number) =>
  readAfterChanges(changesMade, readStoredVoice);

/**
 * Makes `change` on the examples as stored now. Recordings turned off, as the settings say now,
 * are not stored: turned off in another tab while a phrase was taught or answered here with its
 * recording, they must not stay on the device. (Settings not found, say a read that failed, take
 * none away: recordings are only ever made once the user has turned them on.)
 */
export async function changeStoredExamples(change: (examples: VoiceExamples) => VoiceExamples) {
  let result: VoiceExamples = {};
  await updateValue(storageKeys.voiceExamples, async (stored) => {
    const read = readStoredExamples(stored);
    const changed = change(read);
    const settings = await readValue<Partial<VoiceSettings>>(storageKeys.voiceSettings);
    const dropRecordings =
      settings?.keepRecordings === false &&
      Object.values(changed).some((phrases) =>
        Object.values(phrases).some((list) => list.some((example) => example.audio)),
      );
    result = dropRecordings ? withoutRecordings(changed) : changed;
    // Nothing changed (a phrase deleted that had no examples): the value as stored, not written.
    return changed === read && !dropRecordings ? stored : result;
  });
  return result;
}

/** Makes `change` on the settings as stored now. */
export function changeStoredSettings(change: (settings: VoiceSettings) => VoiceSettings) {
  return updateValue(storageKeys.voiceSettings, (value) => {
    const stored = value as Partial<VoiceSettings> | undefined;
    return change({
      keepRecordings: stored?.keepRecordings === true,
      teachAgain: mergeTeachAgain(stored?.teachAgain, {}),
    });
  });
}

/** Calls `listener` after another tab of the app changed the examples or the settings. */
export function onVoiceChangeElsewhere(listener: () => void): () => void {
  const stops = [
    onChangeElsewhere(storageKeys.voiceExamples, listener),
    onChangeElsewhere(storageKeys.voiceSettings, listener),
  ];
  return () => stops.forEach((stop) => stop());
}
