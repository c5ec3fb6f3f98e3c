/**
 * The news that the server refused a request which had to wait (a 4xx when it was finally sent,
 * such as a field it does not accept): the visitor may have left the contact page long before, so
 * it is told on whatever page is open, or the next time the app opens when the service worker
 * sent it (outbox-news.tsx). The request itself stays in the outbox, shown on the contact page
 * with the reason and a way to correct it (outbox-notice.tsx), until the user acts on it. The news
 * goes once the user has closed it or followed it to the contact page. A request refused while
 * its form was reporting it (the form's toast said so) is no news.
 */
import { readOutbox, updateOutbox } from "@/features/contact/outbox-store";

/** A request the server refused, whose refusal the user has not been told of yet. */
export type RefusedRequest = { id: string; subject: string };

/** The refused requests the user has not been told of, oldest first. */
export async function readRefusalNews(): Promise<RefusedRequest[]> {
  return (await readOutbox())
    .filter((item) => item.state === "failed" && !item.refusalShown)
    .map(({ request }) => ({ id: request.id, subject: request.subject }));
}

/** The user has been told of these refusals: not news again, here or in other tabs. */
export async function dismissRefusalNews(ids: readonly string[]): Promise<void> {
  const told = new Set(ids);
  await updateOutbox((items) =>
    items.map((item) => (told.has(item.request.id) ? { ...item, refusalShown: true } : item)),
  );
}
