/**
 * Parts of a page that hydrate on their own (issue 22). React takes over each Suspense boundary
 * of prerendered markup in its own step, so a page of several parts is made live in several
 * short tasks instead of one long one. The page is marked as starting until every part is live
 * (`HydrationGate`): what appears on its own waits for that (`usePageLive`).
 */
import {
  createContext,
  Suspense,
  useContext,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";

type Gate = {
  register(id: string): void;
  unregister(id: string): void;
  done(id: string): void;
  isLive(): boolean;
  subscribe(listener: () => void): () => void;
};

// Without a gate (a component rendered on its own) everything is live at once.
const GateContext = createContext<Gate>({
  register() {},
  unregister() {},
  done() {},
  isLive: () => true,
  subscribe: () => () => {},
});

/**
 * Calls `onLive` once the page and every part in it have been rendered or hydrated. Parts
 * register as they commit (a part whose render React threw away never does, and one that goes
 * away before it is live stops counting), and say when their content is live.
 */
export function HydrationGate({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  const [gate] = useState(() => {
    const pending = new Set<string>();
    // Content can be live before its part registers: effects run children first.
    const liveParts = new Set<string>();
    let shellDone = false;
    let live = false;
    const listeners = new Set<() => void>();
    const check = () => {
      if (live || !shellDone || pending.size > 0) return;
      live = true;
      liveParts.clear();
      onLive();
      for (const listener of listeners) listener();
    };
    return {
      isLive: () => live,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      register: (id: string) => {
        if (!live && !liveParts.has(id)) pending.add(id);
      },
      unregister: (id: string) => {
        pending.delete(id);
        check();
      },
      done: (id: string) => {
        if (live) return;
        liveParts.add(id);
        pending.delete(id);
        check();
      },
      shell: () => {
        shellDone = true;
        check();
      },
    };
  });
  // The gate's own effect runs after every effect below it in the first commit.
  useEffect(() => gate.shell(), [gate]);
  return <GateContext value={gate}>{children}</GateContext>;
}

/**
 * Whether the whole page is live. Something that appears on its own, such as a notice, waits for
 * this: shown on a page React does not have all of yet, its buttons might do nothing.
 */
export function usePageLive(): boolean {
  const gate = useContext(GateContext);
  return useSyncExternalStore(gate.subscribe, gate.isLive, () => false);
}

function PartLive({ id }: { id: string }) {
  const gate = useContext(GateContext);
  useEffect(() => gate.done(id), [gate, id]);
  return null;
}

/** The part a component is in, for `ContentLive`. */
const PartContext = createContext<string | null>(null);

/**
 * A part of the page that hydrates in a step of its own. It is live once its content is
 * rendered, or, with `liveWhen="content-says"`, once its content renders `ContentLive`: the
 * part around the router's outlet waits for the route's content, which the router puts in a
 * Suspense boundary of its own that hydrates in a later step.
 */
export function HydrationPart({
  children,
  liveWhen = "rendered",
}: {
  children: ReactNode;
  liveWhen?: "rendered" | "content-says";
}) {
  const gate = useContext(GateContext);
  const id = useId();
  useEffect(() => {
    gate.register(id);
    return () => gate.unregister(id);
  }, [gate, id]);
  return (
    <PartContext value={id}>
      <Suspense>
        {children}
        {/* After the content: the parts inside it register before this one says it is live. */}
        {liveWhen === "rendered" && <PartLive id={id} />}
      </Suspense>
    </PartContext>
  );
}

/**
 * Says that the content of the part it is in has been rendered or hydrated; rendered after
 * each route's content (src/router.ts), so the parts inside the content register first.
 */
export function ContentLive() {
  const id = useContext(PartContext);
  return id === null ? null : <PartLive id={id} />;
}
