import { createFileRoute } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { PageHeading } from "@/components/page-section";

export const Route = createFileRoute("/about")({
  component: AboutPage,
});

function AboutPage() {
  const { t } = useLingui();
  return <PageHeading title={t`About`} />;
}
