/**
 * The app's notices (the service worker's, failed saves, requests delivered from the outbox).
 * None of them shows on a first paint, so their code and the service-worker client load after
 * the page has started (issue 22): the root layout mounts them once it is live. So does what
 * moves the focus after a page change.
 */
import { FocusAfterNavigation } from "@/components/focus-after-navigation";
import { ServiceWorkerNotices } from "@/components/service-worker-notices";
import { StorageErrorNotice } from "@/components/storage-error-notice";
import { SentRequestsNotice } from "@/features/contact/sent-requests-notice";

export default function AppNotices() {
  return (
    <>
      <FocusAfterNavigation />
      <ServiceWorkerNotices />
      <StorageErrorNotice />
      <SentRequestsNotice />
    </>
  );
}
