import { useEffect, useRef, useState } from "react";
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import type { Lesson } from "@/features/lessons/lessons";

export const lessonPlaceholderSrc = `${import.meta.env.BASE_URL}lesson-placeholder.svg`;

/**
 * A lesson's preview image, filling its box. Lessons without a thumbnail, and thumbnails that
 * fail to load (offline, or a video that was removed), show the local placeholder instead.
 * The placeholder is also the image's background, so it shows while a thumbnail is still on its
 * way over a slow connection, and before the page's JavaScript has arrived to swap a failed one.
 * Decorative: the lesson's title is always written next to it.
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
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src =
    lesson.thumbnail && lesson.thumbnail !== failedSrc ? lesson.thumbnail : lessonPlaceholderSrc;
  const image = useRef<HTMLImageElement>(null);
  // A prerendered image can fail before the page comes alive, when nobody listens for the error.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0 && src !== lessonPlaceholderSrc) {
      setFailedSrc(src);
    }
  }, [src]);
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
      width={480}
      height={360}
      onError={() => {
        if (src !== lessonPlaceholderSrc) setFailedSrc(src);
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
