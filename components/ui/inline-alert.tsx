import type { ReactNode } from "react";

const TONES = {
  error: { bg: "#fff2f0", border: "#ffccc7", icon: "✕", color: "#ff4d4f" },
  success: { bg: "#f6ffed", border: "#b7eb8f", icon: "✓", color: "#52c41a" },
  info: { bg: "#e6f4ff", border: "#91caff", icon: "i", color: "#1677ff" },
} as const;

/** A one-line message box with antd Alert's look, as plain markup for the lightest pages. */
export function InlineAlert({ type, children, testId }: { type: keyof typeof TONES; children: ReactNode; testId?: string }) {
  const tone = TONES[type];
  return (
    <div
      role={type === "error" ? "alert" : "status"}
      data-testid={testId}
      style={{
        display: "flex",
        gap: 10,
        alignItems: "flex-start",
        padding: "9px 14px",
        marginBottom: 20,
        borderRadius: 8,
        background: tone.bg,
        border: `1px solid ${tone.border}`,
        fontSize: 14,
        lineHeight: "22px",
      }}
    >
      <span
        aria-hidden
        style={{
          flex: "none",
          width: 18,
          height: 18,
          marginTop: 2,
          borderRadius: "50%",
          background: tone.color,
          color: "#fff",
          fontSize: 11,
          fontWeight: 700,
          display: "inline-flex",
          alignItems: "center",
          justifyContent: "center",
        }}
      >
        {tone.icon}
      </span>
      <span>{children}</span>
    </div>
  );
}
