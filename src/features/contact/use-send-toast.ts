import { useEffect, useState } from "react";
import { onOutboxChange, readOutbox } from "@/features/contact/outbox-store";
import { followOutbox, isWaiting, type SendToast } from "@/features/contact/send-toast";

/**
 * The toast after Send: shown until dismissed; a "saved, will be sent later" toast follows its
 * request in the outbox (send-toast.ts decides what it becomes).
 */
export function useSendToast() {
  const [toast, setToast] = useState<SendToast | null>(null);
  const waitingFor = isWaiting(toast) ? toast.requestId : null;
  useEffect(() => {
    if (!waitingFor) return;
    let active = true;
    const follow = () =>
      void readOutbox().then((items) => {
        if (active) setToast((current) => current && followOutbox(current, items));
      });
    follow();
    const stop = onOutboxChange(follow);
    return () => {
      active = false;
      stop();
    };
  }, [waitingFor]);
  return {
    toast,
    showToast: setToast,
    closeToast: () => setToast((current) => current && { ...current, open: false }),
  };
}
