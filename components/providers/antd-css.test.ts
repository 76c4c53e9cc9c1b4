import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// antd's stylesheet travels with the modules that render antd components (antd-css.ts), so a
// module that renders them without importing it would show unstyled controls on a screen
// where nothing else has loaded the stylesheet yet.
const ROOT = path.resolve(import.meta.dirname, "../..");
/** Modules that import antd without rendering its styled components on first paint. */
const EXEMPT = new Set([
  "components/providers/antd-scope.tsx", // ConfigProvider: theme, locale and size, no styled component
]);

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** True when the file imports a value (not only types) from "antd". */
function importsAntdValues(text: string): boolean {
  return [...text.matchAll(/^import\s+(type\s+)?([^;]*?)\s+from\s+"antd";/gms)].some(
    (m) =>
      !m[1] &&
      m[2]
        .replace(/[{}\s]/g, "")
        .split(",")
        .some((name) => name && !name.startsWith("type ") && !/^type[A-Z]/.test(name)),
  );
}

describe("antd's stylesheet", () => {
  it("is imported by every module that renders antd components", () => {
    const missing = [...sources("components"), ...sources("app")].filter((file) => {
      if (EXEMPT.has(file)) return false;
      const text = fs.readFileSync(path.join(ROOT, file), "utf8");
      return importsAntdValues(text) && !text.includes('import "@/components/providers/antd-css";');
    });
    expect(missing).toEqual([]);
  });

  it("is not imported by the root of the signed-in app", () => {
    const text = fs.readFileSync(path.join(ROOT, "components/providers/app-root.tsx"), "utf8");
    expect(text).not.toMatch(/antd(\/dist\/antd\.css|-css)/);
  });
});
