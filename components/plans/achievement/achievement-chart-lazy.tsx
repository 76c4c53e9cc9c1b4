"use client";

import dynamic from "next/dynamic";
import type { AchievementChartProps } from "./achievement-chart";

// chart.js comes with this screen only, after the server HTML (tables, the chart's hidden data
// table) is painted; the box it draws into is sized by the server, so nothing moves.
const Chart = dynamic(() => import("./achievement-chart"), { ssr: false, loading: () => null });

export function AchievementChartLazy(props: AchievementChartProps) {
  return <Chart {...props} />;
}
