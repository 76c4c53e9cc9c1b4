import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const exclude = ["**/node_modules/**", "**/.next/**", "e2e/**", "lib/generated/**", "data/**"];

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      "server-only": path.join(root, "scripts/lib/server-only-stub.ts"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: [...exclude, "**/*.int.test.ts", "**/*.int.test.tsx"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["**/*.int.test.ts", "**/*.int.test.tsx"],
          exclude,
          fileParallelism: false,
          globalSetup: ["scripts/lib/vitest-global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
