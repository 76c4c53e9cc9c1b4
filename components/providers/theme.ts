import type { ThemeConfig } from "antd";

// Spec section 9: primary colour green, component size large, header height 100.
// antd's green-7 rather than green-6 so white text on primary buttons stays readable (4.5:1).
export const PRIMARY_GREEN = "#237804";

// Secondary text (descriptions, hints, empty states) at 0.6 black instead of antd's 0.45: #666 on
// white is 5.7:1, where 0.45 (#8c8c8c) is 3.4:1, under WCAG AA's 4.5:1 (issue 18).
const SECONDARY_TEXT = "rgba(0, 0, 0, 0.6)";

export const appTheme: ThemeConfig = {
  zeroRuntime: true,
  token: {
    colorPrimary: PRIMARY_GREEN,
    colorLink: PRIMARY_GREEN,
    borderRadius: 6,
    fontSize: 14,
    colorTextTertiary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    // Danger buttons and links, error text: red-7, 5.9:1 on white (antd's #ff4d4f is 3.3:1).
    colorError: "#cf1322",
    // antd's tags write in shade 7 of their colour on shade 1; for these colours shade 7 is under
    // 4.5:1 there, so their text takes shade 8.
    green7: "#237804",
    cyan7: "#006d75",
    orange7: "#ad4e00",
    gold7: "#ad6800",
    volcano7: "#ad2102",
    lime7: "#3f6600",
  },
  components: { Layout: { headerHeight: 100, headerBg: "#ffffff", headerPadding: "0 24px", siderBg: "#0b2912" } },
};

export const HEADER_HEIGHT = 100;
