import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build*/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      ".e2e-data*/",
      "data/",
      "bench/results/",
      "bench/reference/build/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read configuration from app/config.server.ts, not process.env.",
        },
      ],
    },
  },
  {
    // Where process.env is read on purpose: the config itself, the host, and test or tool setup.
    files: ["app/config.server.ts", "server.ts", "tests/**", "bench/**", "scripts/**", "db/cli.ts", "*.config.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // The bench's bare reference server is plain JavaScript for Node.
    files: ["bench/reference/*.js"],
    languageOptions: { globals: globals.node },
  },
);
