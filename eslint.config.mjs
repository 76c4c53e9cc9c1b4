import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import serverOnlyImports from "./scripts/eslint/server-only-imports.mjs";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The layers depend one way: app → components → lib. lib/ is what every screen, route and
  // script shares, so it never reaches up into the UI; components never import a route's files.
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/components/*", "@/app/*"], message: "lib/ must not import from components/ or app/ (the layers go app → components → lib)." }] },
      ],
    },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["@/app/*"], message: "components/ must not import from app/ (the layers go app → components → lib)." }] }] },
  },
  // Server-only code stays out of client components.
  { files: ["**/*.{ts,tsx}"], plugins: { local: { rules: { "server-only-imports": serverOnlyImports } } }, rules: { "local/server-only-imports": "error" } },
  // Playwright fixtures receive a `use` callback that the React hooks rules mistake for React's.
  { files: ["e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    "lib/generated/**",
    "data/**",
    "node_modules/**",
    "test-results/**",
    "playwright-report/**",
    "blob-report/**",
    "coverage/**",
  ]),
]);
