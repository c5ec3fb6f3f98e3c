import { createFileRoute } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { PageHeading } from "@/components/page-section";

export const Route = createFileRoute("/recognition")({
  component: RecognitionPage,
});

function RecognitionPage() {
  const { t } = useLingui();
  return <PageHeading title={t`Speech Recognition`} />;
}
