import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Playwright fixtures receive a `use` callback that the React hooks rules mistake for React's.
  { files: ["e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  globalIgnores([
    ".next/**", "out/**", "build/**", "next-env.d.ts", "lib/generated/**", "data/**", "node_modules/**",
    "test-results/**", "playwright-report/**", "blob-report/**", "coverage/**",
  ]),
]);
