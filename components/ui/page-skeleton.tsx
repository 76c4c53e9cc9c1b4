"use client";

import { Card, Skeleton } from "antd";

export function PageSkeleton() {
  return (
    <Card variant="borderless" style={{ borderRadius: 12 }} data-testid="page-skeleton">
      <Skeleton active title paragraph={{ rows: 6 }} />
    </Card>
  );
}
