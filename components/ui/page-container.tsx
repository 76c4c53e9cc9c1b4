"use client";

import { Card, Typography } from "antd";
import type { ReactNode } from "react";

/** A screen's frame: title, optional description and toolbar, then the content card. */
export function PageContainer({ title, description, extra, children }: { title: string; description?: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="borderless" style={{ borderRadius: 12 }}>
      <div style={{ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: 16, marginBottom: 16 }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
            {title}
          </Typography.Title>
          {description && <Typography.Text type="secondary">{description}</Typography.Text>}
        </div>
        {extra}
      </div>
      {children}
    </Card>
  );
}
