"use client";

import { antdDynamic } from "@/components/providers/antd-dynamic";
import type { UploadFieldProps } from "@/components/ui/upload-field";

// The upload field with its antd Upload (and, when cropping, the cropper) in a chunk of its own,
// fetched when a form that has one first renders. Forms should import this one.
export const LazyUploadField = antdDynamic<UploadFieldProps>(
  () => import("@/components/ui/upload-field").then((m) => m.UploadField),
  () => <div style={{ minHeight: 104 }} aria-busy="true" />,
);
