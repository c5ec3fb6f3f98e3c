import { Suspense, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { preloadableLazy } from "@/lib/preloadable-lazy";

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

const drawn = (Component: ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<p>waiting</p>}>
      <Component name="Aigerim" />
    </Suspense>,
  );

describe("preloadableLazy", () => {
  it("is drawn at once, on its first drawing, once preloaded", async () => {
    let loads = 0;
    const { Component, preload } = preloadableLazy(async () => {
      loads++;
      return Greeting;
    });
    await preload();
    expect(drawn(Component)).toContain("Hello, <!-- -->Aigerim");
    // Its code is asked for once, whoever asks.
    await preload();
    expect(loads).toBe(1);
  });

  it("waits for its code when drawn before it came", async () => {
    const { Component, preload } = preloadableLazy(async () => Greeting);
    expect(drawn(Component)).toContain("waiting");
    await preload();
    expect(drawn(Component)).toContain("Aigerim");
  });

  it("asks for its code again after a load that failed", async () => {
    let loads = 0;
    const { Component, preload } = preloadableLazy(async () => {
      if (++loads === 1) throw new Error("offline");
      return Greeting;
    });
    await expect(preload()).rejects.toThrow("offline");
    await preload();
    expect(loads).toBe(2);
    expect(drawn(Component)).toContain("Aigerim");
  });
});
