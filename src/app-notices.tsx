/**
 * The app's notices (the service worker's, failed saves, requests from the outbox delivered or
 * refused).
 * None of them shows on a first paint, so their code and the service-worker client load after
 * the page has started (issue 22): the root layout mounts them once it is live. So does what
 * moves the focus after a page change.
 */
import { FocusAfterNavigation } from "@/components/focus-after-navigation";
import { ServiceWorkerNotices } from "@/features/app-updates/service-worker-notices";
import { StorageErrorNotice } from "@/components/storage-error-notice";
import { OutboxNews } from "@/features/contact/outbox-news";

export default function AppNotices() {
  return (
    <>
      <FocusAfterNavigation />
      <ServiceWorkerNotices />
      <StorageErrorNotice />
      <OutboxNews />
    </>
  );
}
