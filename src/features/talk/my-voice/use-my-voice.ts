/**
 * My voice's state on the Talk screen: the stored examples (IndexedDB `dauys.voice-examples`),
 * whether recordings are kept, and the recogniser worker kept in step with the board's language.
 * A tap on the board reaches My voice here too: it may say which phrase a take was.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import type { Board, Phrase } from "@/features/talk/board/board";
import type {
  HeldExamples,
  StoredExample,
  VoiceExamples,
} from "@/features/talk/my-voice/voice-examples";
import type { VoiceSettings } from "@/features/talk/my-voice/stored-voice";
import type { SerialisedFeatures } from "@/shared/phrase-recogniser/serialise.ts";
import type { SpeechLanguage } from "@/shared/speech-options";
import { loadUntilLoaded } from "@/lib/load-when-online";

/**
 * The code that reads, changes and sends the examples, with the recogniser's client: loaded once
 * the screen is drawn, so the board does not wait for it (it is My voice's panel's code too).
 */
type VoiceCode = typeof import("@/features/talk/my-voice/voice-examples") &
  typeof import("@/features/talk/my-voice/voice-recogniser") &
  typeof import("@/features/talk/my-voice/stored-voice");
let voiceCode: Promise<VoiceCode> | undefined;
// Changes wait for it (a phrase deleted on the board, a backup's examples): it is asked for until
// it comes, not dropped with them.
const loadVoiceCode = () =>
  (voiceCode ??= loadUntilLoaded(() =>
    Promise.all([
      import("@/features/talk/my-voice/voice-examples"),
      import("@/features/talk/my-voice/voice-recogniser"),
      import("@/features/talk/my-voice/stored-voice"),
    ]),
  )().then(([examples, recogniser, stored]) => ({ ...examples, ...recogniser, ...stored })));

const noPhrases: string[] = [];

export function useMyVoice(language: SpeechLanguage, board: Board) {
  const [examples, setExamples] = useState<VoiceExamples | null>(null);
  const [keepRecordings, setKeepRecordings] = useState(false);
  const [teachAgain, setTeachAgain] = useState<VoiceSettings["teachAgain"]>({});
  /** Phrases with takes not made again in time after a change of method (a later read tries). */
  const [waiting, setWaiting] = useState<Partial<Record<SpeechLanguage, string[]>>>({});
  /** The device failed to read the examples: not "nothing taught" (each change reads again). */
  const [readFailed, setReadFailed] = useState(false);
  const current = useRef<VoiceExamples>({});
  /** The examples of the phrase last deleted from the board, for its Undo. */
  const deleted = useRef<HeldExamples | null>(null);
  const boardTapListener = useRef<((phrase: Phrase) => void) | null>(null);
  /** Changes made here so far, so that a read begun before one is not taken over it. */
  const changesMade = useRef(0);
  /** What the worker was last given: the board's language and phrases, each one's examples. */
  const sent = useRef<{
    language: SpeechLanguage;
    boardIds: string;
    lists: Map<string, StoredExample[]>;
  } | null>(null);
  /**
   * The code, once the stored examples are read (and any an older method made are re-made):
   * every change waits for it, so one made sooner (a phrase deleted on the board while examples
   * are re-made) changes what was stored, not an empty set written over it.
   */
  const ready = useRef<Promise<VoiceCode> | null>(null);
  /** Runs `change` once the examples are read (reading them the first time), with the code. */
  const whenReady = useCallback(
    <T>(change: (code: VoiceCode) => T | Promise<T>): Promise<T> =>
      (ready.current ??= (async () => {
        const code = await loadVoiceCode();
        await readStored(code);
        return code;
      })().catch((error: unknown) => {
        // Reading or re-making them failed: the next change tries again.
        ready.current = null;
        throw error;
      })).then(change),
    [],
  );
  /** Reads the stored examples and settings into this page. */
  async function readStored(code: VoiceCode) {
    const stored = await code
      .readStoredVoiceAfterChanges(() => changesMade.current)
      .catch((error: unknown) => {
        setReadFailed(true);
        throw error;
      });
    current.current = stored.examples;
    // In slices, as the stored board is (use-talk-data.ts).
    startTransition(() => {
      setReadFailed(false);
      setExamples(stored.examples);
      setKeepRecordings(stored.keepRecordings);
      setTeachAgain(stored.teachAgain);
      setWaiting(stored.waiting);
    });
  }

  /**
   * Runs a change nobody waits on (a phrase deleted on the board, a backup's examples, recordings
   * no longer kept) once the examples are read; changes run in the order they were made. When the
   * device fails the read, it is still made (`read` false: on what is stored, not on this page's
   * copy, which has nothing), and kept to be made again on what is stored until the device takes
   * it (`changeValue`); the app's notice says it was not saved, over whatever the user is looking
   * at: My voice's own alert is screens away from the board.
   */
  const whenReadyLater = useCallback(
    (change: (code: VoiceCode, read: boolean) => void) =>
      void whenReady((code) => code).then(
        (code) => change(code, true),
        async () => change(await loadVoiceCode(), false),
      ),
    [whenReady],
  );

  useEffect(() => {
    // Another tab of the app (the installed app beside a browser tab) taught, forgot or changed
    // a setting: this page shows it, and its own next change is made on top of it.
    let stop: (() => void) | undefined;
    let unmounted = false;
    // No change of the user's is lost when these fail: a failed read is My voice's own alert.
    const read = (then: (code: VoiceCode) => void) => void whenReady(then).catch(() => undefined);
    read(() => undefined);
    // Heard from the start: a first read that failed does not stop it, and what another tab
    // stored meanwhile is read with the next read that succeeds.
    void loadVoiceCode().then(({ onVoiceChangeElsewhere }) => {
      if (!unmounted) stop = onVoiceChangeElsewhere(() => read(readStored));
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [whenReady]);

  const forBoard = examples?.[language];
  const boardIds = board.map((phrase) => phrase.id).join("\n");
  // The worker knows the taught phrases that are on this language's board, nothing else. When
  // only some phrases' examples changed, only those are sent: a full load aligns every pair of
  // examples of every phrase again (up to 50 × 45 alignments) and would hold up the next answer.
  useEffect(() => {
    if (!forBoard) return;
    // The examples were read, so the code is here: the answers keep their order.
    void whenReady(({ askRecogniser, recogniserExamples }) => {
      const onBoard = new Set(boardIds.split("\n"));
      const lists = new Map(Object.entries(forBoard).filter(([phraseId]) => onBoard.has(phraseId)));
      const before = sent.current;
      sent.current = { language, boardIds, lists };
      if (before?.boardIds === boardIds) {
        for (const phraseId of new Set([...before.lists.keys(), ...lists.keys()])) {
          const list = lists.get(phraseId);
          if (list === before.lists.get(phraseId)) continue;
          const examples = recogniserExamples(list ?? []);
          void askRecogniser({ type: "set-examples", phraseId, examples }).catch(() => undefined);
        }
        return;
      }
      const phrases = Object.fromEntries(
        [...lists].map(([phraseId, list]) => [phraseId, recogniserExamples(list)]),
      );
      void askRecogniser({ type: "load", phrases }).catch(() => undefined);
    });
  }, [forBoard, boardIds, language, whenReady]);

  /**
   * Makes a change to the examples here (when they were `read`: an older method's left out) and to
   * those stored now, so that one another tab stored meanwhile is not written over from this
   * page's copy.
   */
  const save = (
    code: VoiceCode,
    change: (examples: VoiceExamples) => VoiceExamples,
    read = true,
  ) => {
    changesMade.current += 1;
    if (read) {
      current.current = code.usableExamples(change(current.current)).examples;
      setExamples(current.current);
    }
    void code.changeStoredExamples(change);
  };

  /** Changes the stored settings (as `save`). */
  const saveSettings = (code: VoiceCode, change: (settings: VoiceSettings) => VoiceSettings) => {
    changesMade.current += 1;
    void code.changeStoredSettings(change);
  };

  /** Changes the phrases to teach again, here and as stored. */
  const changeTeachAgain = (
    code: VoiceCode,
    change: (list: VoiceSettings["teachAgain"]) => VoiceSettings["teachAgain"],
  ) => {
    setTeachAgain(change);
    saveSettings(code, (settings) => ({ ...settings, teachAgain: change(settings.teachAgain) }));
  };

  /** A phrase taught or forgotten is no longer one to teach again. */
  const taughtAgain = (code: VoiceCode, phraseId: string, inLanguage = language) => {
    const list = teachAgain?.[inLanguage] ?? [];
    if (!list.includes(phraseId)) return;
    changeTeachAgain(code, (settings) => ({
      ...settings,
      [inLanguage]: (settings?.[inLanguage] ?? []).filter((id) => id !== phraseId),
    }));
  };

  /**
   * Stores the examples of `list` the recogniser keeps (the most varied, up to its caps), for the
   * phrase of `inLanguage`'s board: a teaching begun before "Speak in" changed (in another tab) is
   * its board's, not the new board's phrase of the same id. With `learnt` (an answer to Listen's
   * take), the change is made on the phrase's examples as stored (`withLearntExamples`): those
   * added as the recogniser chose stay, and with `ifTaught`, a Forget made meanwhile stands.
   */
  const keepExamples = (
    phraseId: string,
    list: StoredExample[],
    inLanguage = language,
    learnt?: StoredExample,
    ifTaught?: boolean,
  ) =>
    whenReady(async (code) => {
      const { askRecogniser, keptExamples, recogniserExamples } = code;
      const chosen = await askRecogniser({
        type: "set-examples",
        phraseId,
        examples: recogniserExamples(list),
      });
      if (chosen.type !== "kept") throw new Error("The recogniser did not keep the examples.");
      const kept = keptExamples(list, chosen.kept);
      save(code, (all) =>
        learnt
          ? code.withLearntExamples(all, inLanguage, phraseId, kept, list, learnt, ifTaught)
          : code.setPhraseExamples(all, inLanguage, phraseId, kept),
      );
      const worker = sent.current;
      // The worker has these already; or, another board shown since, the phrase forgotten or
      // given examples meanwhile, it has what it was given for that board again (and then what
      // this page has now, once drawn).
      if (worker?.language === inLanguage && current.current[inLanguage]?.[phraseId] === kept)
        worker.lists.set(phraseId, kept);
      else {
        const examples = recogniserExamples(worker?.lists.get(phraseId) ?? []);
        void askRecogniser({ type: "set-examples", phraseId, examples }).catch(() => undefined);
      }
      taughtAgain(code, phraseId, inLanguage);
    });

  return {
    loaded: examples !== null,
    readFailed,
    examples: forBoard ?? {},
    /** Every language's examples; null until they are read from the device. */
    all: examples,
    keepRecordings,
    /** This language's phrases to teach again (their examples were made by an older method). */
    teachAgain: teachAgain?.[language] ?? noPhrases,
    /**
     * This language's phrases with takes the recogniser did not make again in time after a change
     * of method: left out until a later visit makes them.
     */
    waiting: waiting[language] ?? noPhrases,
    setKeepRecordings(keep: boolean) {
      setKeepRecordings(keep);
      whenReadyLater((code, read) => {
        // Chosen before the stored settings were read: the stored choice, shown as they were
        // read, gives way to this one, which is stored next.
        setKeepRecordings(keep);
        saveSettings(code, (settings) => ({ ...settings, keepRecordings: keep }));
        // Saying no also removes the recordings already kept.
        if (!keep) save(code, code.withoutRecordings, read);
      });
    },
    /** Teaches or forgets a phrase of `inLanguage`'s board (as `keepExamples`). */
    setPhrase(phraseId: string, list: StoredExample[] | undefined, inLanguage = language) {
      whenReadyLater((code, read) => {
        save(code, (all) => code.setPhraseExamples(all, inLanguage, phraseId, list), read);
        taughtAgain(code, phraseId, inLanguage);
      });
    },
    /**
     * A phrase deleted from the board: its examples go, held until the next deletion for Undo as
     * they are stored (those waiting to be made again too).
     */
    phraseDeleted(phraseId: string) {
      whenReadyLater((code, read) => {
        const { hold, change } = code.phraseDeletion(deleted.current, language, phraseId);
        deleted.current = hold;
        save(code, change, read);
        taughtAgain(code, phraseId);
      });
    },
    /** Undo of the last deletion: the phrase's examples come back with it. */
    phraseRestored(phraseId: string) {
      whenReadyLater((code, read) => {
        const held = deleted.current;
        // Its board's language, which may no longer be the one shown.
        if (held?.phraseId !== phraseId) return;
        deleted.current = null;
        // Not read, this page does not know the user's choice: the stored settings decide.
        save(code, (all) => code.restoreHeld(all, held, keepRecordings || !read), read);
      });
    },
    keepExamples,
    /**
     * Keeps one more example (or counter-example) of a phrase, from an answer to Listen. `taught`:
     * the phrase was taught when the answer came; forgotten since, it learns nothing.
     */
    learn(phraseId: string, example: StoredExample, taught: boolean) {
      return whenReady(() => {
        const stored = current.current[language]?.[phraseId] ?? [];
        return keepExamples(phraseId, [...stored, example], language, example, taught);
      });
    },
    /** Whether a take is far from the phrase's examples (false when that cannot be told). */
    async isFar(phraseId: string, features: SerialisedFeatures) {
      const { askRecogniser } = await loadVoiceCode();
      const answer = await askRecogniser({ type: "is-far", phraseId, features }).catch(() => null);
      return answer?.type === "far" && answer.far;
    },
    /** Tells My voice that a phrase was tapped on the board. */
    boardTapped(phrase: Phrase) {
      boardTapListener.current?.(phrase);
    },
    onBoardTap(listener: ((phrase: Phrase) => void) | null) {
      boardTapListener.current = listener;
    },
    /**
     * Phrases of `inLanguage`'s board that got new ids (`renamed`: old to new), as a board opened
     * from another app's file does: their examples, and their place among the phrases to teach
     * again, go with them.
     */
    phrasesRenamed(inLanguage: SpeechLanguage, renamed: ReadonlyMap<string, string>) {
      if (renamed.size === 0) return;
      whenReadyLater((code, read) => {
        save(code, (all) => code.withPhrasesRenamed(all, inLanguage, renamed), read);
        changeTeachAgain(code, (lists) => {
          const list = lists?.[inLanguage];
          if (!list?.some((id) => renamed.has(id))) return lists;
          return { ...lists, [inLanguage]: list.map((id) => renamed.get(id) ?? id) };
        });
      });
    },
    /** Puts a board file's examples in place of those of its languages; the others stay. */
    replaceLanguages(next: VoiceExamples) {
      whenReadyLater((code, read) => {
        const { examples, teachAgain: withFile } = code.fromBoardFile(next);
        save(code, (all) => ({ ...all, ...examples }), read);
        changeTeachAgain(code, withFile);
      });
    },
  };
}

export type MyVoice = ReturnType<typeof useMyVoice>;
