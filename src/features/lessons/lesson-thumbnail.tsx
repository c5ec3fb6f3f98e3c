import { useEffect, useRef, useState } from "react";
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import type { Lesson } from "@/features/lessons/lessons";
import { useConnectionStatus } from "@/lib/use-online-status";

export const lessonPlaceholderSrc = `${import.meta.env.BASE_URL}lesson-placeholder.svg`;

/**
 * A lesson's preview image, filling its box. Lessons without a thumbnail, and thumbnails that
 * fail to load (offline, or a video that was removed), show the local placeholder instead.
 * The placeholder is also the image's background, so it shows while a thumbnail is still on its
 * way over a slow connection, and before the page's JavaScript has arrived to swap a failed one.
 * A picture that failed offline is asked for again when the connection comes back.
 * Decorative: the lesson's title is always written next to it. Sent without a referrer: YouTube
 * need not learn which page of the app, or which lesson, a patient is looking at.
 */
export function LessonThumbnail({
  lesson,
  loading,
  sx,
}: {
  lesson: Pick<Lesson, "thumbnail">;
  loading: "lazy" | "eager";
  sx?: SxProps<Theme>;
}) {
  // Offline, a picture not kept on the device fails: it is asked for again once the connection
  // is back (a picture that fails online, a removed video's, is not).
  const offline = useConnectionStatus() === "offline";
  const [failed, setFailed] = useState<{ src: string; offline: boolean } | null>(null);
  if (failed && offline && !failed.offline) setFailed({ ...failed, offline });
  const failedSrc = failed && !(failed.offline && !offline) ? failed.src : null;
  const src =
    lesson.thumbnail && lesson.thumbnail !== failedSrc ? lesson.thumbnail : lessonPlaceholderSrc;
  const image = useRef<HTMLImageElement>(null);
  // A prerendered image can fail before the page comes alive, when nobody listens for the error.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0 && src !== lessonPlaceholderSrc) {
      setFailed({ src, offline });
    }
  }, [src, offline]);
  return (
    <Box
      component="img"
      ref={image}
      src={src}
      alt=""
      loading={loading}
      // The player's image is the page's largest paint: it goes before the lesson grid's.
      fetchPriority={loading === "eager" ? "high" : undefined}
      decoding="async"
      referrerPolicy="no-referrer"
      width={480}
      height={360}
      onError={() => {
        if (src !== lessonPlaceholderSrc) setFailed({ src, offline });
      }}
      sx={[
        {
          display: "block",
          width: "100%",
          height: "100%",
          objectFit: "cover",
          background: `center / cover url("${lessonPlaceholderSrc}")`,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
