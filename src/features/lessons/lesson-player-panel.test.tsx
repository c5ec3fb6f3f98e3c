import { createRef } from "react";
import { renderToString } from "react-dom/server";
import { CacheProvider } from "@emotion/react";
import { beforeAll, describe, expect, it } from "vitest";
import { AppProviders } from "@/components/app-providers";
import { LessonPlayerPanel } from "@/features/lessons/lesson-player-panel";
import { isVerticalLesson } from "@/features/lessons/lesson-player";
import { lessons } from "@/features/lessons/lessons";
import { activateLanguage, loadCatalogParts } from "@/lib/i18n";
import { createAppEmotionCache } from "@/theme/emotion-cache";

/** The player as the page draws it, with its styles, showing lesson `index` (0-based). */
function playerShowing(index: number, online = true): string {
  const lesson = lessons[index];
  if (!lesson) throw new Error(`No lesson at index ${index}`);
  const nothing = () => {};
  return renderToString(
    <CacheProvider value={createAppEmotionCache()}>
      <AppProviders>
        <LessonPlayerPanel
          lesson={lesson}
          position={index + 1}
          total={lessons.length}
          playing={false}
          online={online}
          onPlay={nothing}
          onPrevious={nothing}
          onNext={nothing}
          statusNamesTitle
          playRef={createRef()}
        />
      </AppProviders>
    </CacheProvider>,
  );
}

/**
 * The player's markup up to the end of its Next button, with the styles of every element in it.
 * Where Next is drawn is decided by this part of the page (the page above the player does not
 * change with the lesson): when it is the same for two lessons, Next is in the same place.
 */
function upToNext(markup: string): string {
  // React puts the hint to fetch the lesson's picture first; it is not drawn.
  const drawn = markup.replace(/<link rel="preload"[^>]*>/g, "");
  const label = drawn.indexOf(">Next<");
  expect(label).toBeGreaterThan(0);
  return drawn.slice(0, drawn.indexOf("</button>", label) + "</button>".length);
}

describe("the lesson player's Previous and Next", () => {
  beforeAll(async () => {
    await activateLanguage("en");
    await loadCatalogParts(["lessons"]);
  });

  it("are drawn before anything that changes from lesson to lesson, so they do not move", () => {
    // Lessons 6 and 7: a 16:9 lesson, then a 9:16 short, with titles and descriptions of
    // different lengths.
    const [landscape, portrait] = [5, 6];
    expect(isVerticalLesson(lessons[landscape]!)).toBe(false);
    expect(isVerticalLesson(lessons[portrait]!)).toBe(true);
    expect(upToNext(playerShowing(portrait))).toBe(upToNext(playerShowing(landscape)));
    // Nor do they move for the note that a video needs a connection.
    expect(upToNext(playerShowing(portrait, false))).toBe(upToNext(playerShowing(landscape)));
  });

  it("come before the video, its title and its description", () => {
    const markup = playerShowing(5);
    const next = upToNext(markup).length;
    expect(markup.indexOf("<figure")).toBeGreaterThan(next);
    expect(markup.indexOf("Expressive intonation")).toBeGreaterThan(next);
    expect(markup.indexOf("Make questions, requests and feelings heard")).toBeGreaterThan(next);
  });
});

describe("the lesson player's status", () => {
  beforeAll(async () => {
    await activateLanguage("en");
    await loadCatalogParts(["lessons"]);
  });

  it("names the lesson shown for screen readers, in words hidden from sight the app's one way", () => {
    const markup = playerShowing(5);
    const hidden = /<span class="([^"]+)">: Expressive intonation/.exec(markup);
    expect(hidden).not.toBeNull();
    const rules = [...markup.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map(([, css]) => css);
    const style = hidden![1]!
      .split(" ")
      .map((name) => rules.join("").match(new RegExp(`\\.${name}\\{([^}]*)\\}`))?.[1])
      .join(";");
    // Out of the page's flow and clipped to nothing, by clip-path too: browsers are dropping clip.
    expect(style).toContain("position:absolute");
    expect(style).toContain("clip-path:inset(50%)");
  });
});
