import type { ThemeConfig } from "antd";

// Spec section 9: primary colour green, component size large, header height 100.
// antd's green-7 rather than green-6 so white text on primary buttons stays readable (4.5:1).
export const PRIMARY_GREEN = "#237804";

export const appTheme: ThemeConfig = {
  zeroRuntime: true,
  token: { colorPrimary: PRIMARY_GREEN, colorLink: PRIMARY_GREEN, borderRadius: 6, fontSize: 14 },
  components: { Layout: { headerHeight: 100, headerBg: "#ffffff", headerPadding: "0 24px", siderBg: "#0b2912" } },
};

export const HEADER_HEIGHT = 100;
