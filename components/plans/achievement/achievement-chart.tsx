"use client";

import { useEffect, useRef } from "react";
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";

// The plan-against-actual chart (grouped bars per month: approved plan, ordered, retail sold).
// chart.js tree-shaken to what a bar chart needs (controller, bar, the two scales, legend,
// tooltip): this module is loaded only by achievement-chart-lazy.tsx (next/dynamic, no server
// rendering), so it weighs on this screen alone and only after the tables are on screen. The
// canvas fills a box whose height the server reserved (no layout shift); the figures are also
// a visually hidden table beside it (components/plans/achievement/achievement-panel.tsx).

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export type ChartSeries = { label: string; color: string; data: number[] };
export type AchievementChartProps = { labels: string[]; series: ChartSeries[]; name: string };

export default function AchievementChart({ labels, series, name }: AchievementChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    const chart = new Chart(canvas.current, {
      type: "bar",
      data: { labels, datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color, borderRadius: 3, maxBarThickness: 18 })) },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reduce ? false : { duration: 300 },
        interaction: { mode: "index", intersect: false },
        plugins: { legend: { position: "top", labels: { boxWidth: 12, boxHeight: 12 } }, tooltip: { enabled: true } },
        scales: {
          x: { grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0 } },
          y: { beginAtZero: true, ticks: { precision: 0 } },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, series]);
  return <canvas ref={canvas} role="img" aria-label={name} data-testid="plan-achievement-canvas" />;
}
