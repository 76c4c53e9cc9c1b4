"use client";

import { antdDynamic } from "@/components/providers/antd-dynamic";
import type { RichTextEditorProps } from "./rich-text-editor";

// The rich-text editor (TipTap + ProseMirror, the heaviest form control) in a chunk of its own,
// fetched when a form that has one first renders. Forms import this one; public pages never do.
export const LazyRichTextEditor = antdDynamic<RichTextEditorProps>(
  () => import("./rich-text-editor").then((m) => m.RichTextEditor),
  () => <div style={{ minHeight: 282, border: "1px solid var(--ant-color-border, #d9d9d9)", borderRadius: 6 }} aria-busy="true" />,
);
