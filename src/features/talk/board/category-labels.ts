import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { BoardCategory } from "@/features/talk/board/board";

/** The board's group names, in the interface language. */
export const categoryLabels: Record<BoardCategory, MessageDescriptor> = {
  mine: msg`My phrases`,
  needs: msg`Needs`,
  feelings: msg`Feelings`,
  people: msg`People`,
  clinic: msg`At the clinic`,
  social: msg`Conversation`,
};
