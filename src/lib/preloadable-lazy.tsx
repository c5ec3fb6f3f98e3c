import { lazy, useState, type ComponentType } from "react";

/**
 * A component whose code comes when it is first drawn, as `React.lazy`, and which can be asked for
 * earlier (`preload`, in an idle moment). Drawn after it came, it is drawn at once: a lazy
 * component suspends on its first drawing even when its code is there, and React shows what a
 * boundary suspended on at least 300 ms after its fallback. Measured in the built app, from the
 * press to the dialog: Teach my voice 340-420 ms, then 44-64 ms; Add a phrase 364-393 ms, then
 * 48-93 ms. Meanwhile the keys pressed went to the page behind it.
 */
export function preloadableLazy<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: ComponentType<Props>; preload: () => Promise<unknown> } {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Asked for again on the next try (its drawing, or another preload).
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: Props) {
    // Chosen once: a lazy one that came meanwhile is not swapped for the loaded one, which would
    // draw it anew and lose what the user did in it.
    const [Chosen] = useState(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component, preload };
}
