/** A phrase of the user's own for the backup's unit tests, with the kept picture `pictureId`. */
export const phrase = (id: string, pictureId?: string) => ({
  id,
  text: id,
  category: "mine" as const,
  favourite: false,
  ...(pictureId ? { symbol: { set: "picture" as const, id: pictureId } } : {}),
});
