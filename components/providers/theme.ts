import type { ThemeConfig } from "antd";

// Spec section 9: primary colour green, component size large, header height 100.
// antd's green-7 rather than green-6 so white text on primary buttons stays readable (4.5:1).
export const PRIMARY_GREEN = "#237804";

// Secondary text (descriptions, hints, empty states) at 0.6 black instead of antd's 0.45: #666 on
// white is 5.7:1, where 0.45 (#8c8c8c) is 3.4:1, under WCAG AA's 4.5:1 (issue 18).
const SECONDARY_TEXT = "rgba(0, 0, 0, 0.6)";

export const appTheme: ThemeConfig = {
  zeroRuntime: true,
  // A fixed key: every AntdScope (antd-scope.tsx) and the toasts' holder share one generated
  // style of CSS variables; components rendered outside any scope get "css-var-root" instead,
  // which the e2e suite watches for (e2e/fixtures.ts).
  cssVar: { key: "css-var-app" },
  token: {
    colorPrimary: PRIMARY_GREEN,
    colorLink: PRIMARY_GREEN,
    borderRadius: 6,
    fontSize: 14,
    colorTextTertiary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    // A placeholder is text too: 0.55 black is 4.7:1 on white (antd's 0.25 is 1.8:1).
    colorTextPlaceholder: "rgba(0, 0, 0, 0.55)",
    // Danger buttons and links, error text: red-7, 5.9:1 on white (antd's #ff4d4f is 3.3:1).
    colorError: "#cf1322",
  },
  components: { Layout: { headerHeight: 100, headerBg: "#ffffff", headerPadding: "0 24px", siderBg: "#0b2912" } },
};

export const HEADER_HEIGHT = 100;
