/**
 * Parts of a page that hydrate on their own (issue 22). React takes over each Suspense boundary
 * of prerendered markup in its own step, so a page of several parts is made live in several
 * short tasks instead of one long one. The page stays inert until every part is live
 * (`HydrationGate`), so no tap or keystroke reaches markup React does not have yet.
 */
import {
  createContext,
  Suspense,
  useContext,
  useEffect,
  useId,
  useState,
  type ReactNode,
} from "react";

type Gate = { register(id: string): void; done(id: string): void };

const GateContext = createContext<Gate>({ register() {}, done() {} });

/**
 * Calls `onLive` once the page and every part in it have been rendered or hydrated; parts
 * register while the page renders, before any of its effects run.
 */
export function HydrationGate({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  const [gate] = useState(() => {
    const pending = new Set<string>();
    let shellDone = false;
    let live = false;
    const check = () => {
      if (live || !shellDone || pending.size > 0) return;
      live = true;
      onLive();
    };
    return {
      register: (id: string) => void pending.add(id),
      done: (id: string) => {
        pending.delete(id);
        check();
      },
      shell: () => {
        shellDone = true;
        check();
      },
    };
  });
  useEffect(() => gate.shell(), [gate]);
  return <GateContext value={gate}>{children}</GateContext>;
}

function PartLive({ id }: { id: string }) {
  const gate = useContext(GateContext);
  useEffect(() => gate.done(id), [gate, id]);
  return null;
}

/** A part of the page that hydrates in a step of its own. */
export function HydrationPart({ children }: { children: ReactNode }) {
  const gate = useContext(GateContext);
  const id = useId();
  useState(() => gate.register(id));
  return (
    <Suspense>
      <PartLive id={id} />
      {children}
    </Suspense>
  );
}
