import { PageSkeleton } from "@/components/ui/page-skeleton";

// Streaming skeleton while a screen's data loads; the shell around it stays interactive.
export default function Loading() {
  return <PageSkeleton />;
}
