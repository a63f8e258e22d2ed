// `npm run lint` (and CI): 0 errors, 0 warnings. Syntax-level rules only (no type information),
// so it stays fast; `npm run typecheck` covers the types.
import nextPlugin from "@next/eslint-plugin-next";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores([
    // generated: build output, the Prisma client, test reports, the typed client's schema; data
    "**/node_modules/",
    ".next/",
    ".next-*/",
    ".data/",
    ".data-*/",
    "lib/db/generated/",
    "test-results/",
    "playwright-report/",
    "clients/**/schema.d.ts",
    "next-env.d.ts",
    // bench:pages's floor: a separate Next.js app, built and checked by its own `next build`
    "bench/floor-page/",
  ]),
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks what is dropped on purpose (a rest sibling, a callback's argument).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,mjs}"],
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    settings: { next: { rootDir: "." } },
    rules: {
      // The two classic rules; the React Compiler's rules (plugin v7's "recommended") are for
      // code written for the compiler, which this app does not use.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
    },
  },
  { files: ["**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["**/*.tsx"],
    rules: {
      // Recordings are audio shown with their transcript beside the player (the text alternative), not video.
      "jsx-a11y/media-has-caption": "off",
      // Used only to put the focus in the field a person's own click just revealed (the button
      // they pressed is gone), and on the sign-in page's one field.
      "jsx-a11y/no-autofocus": "off",
      // Scrolling regions (a message log, a long table) take the focus so the keyboard can scroll them (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region", "log"], allowExpressionValues: true }],
      // A modal <dialog> closes on a click on its backdrop; from the keyboard, Escape closes it (its cancel event).
      "jsx-a11y/no-noninteractive-element-interactions": [
        "error",
        {
          handlers: ["onClick", "onError", "onLoad", "onMouseDown", "onMouseUp", "onKeyPress", "onKeyDown", "onKeyUp"],
          alert: ["onKeyUp", "onKeyDown", "onKeyPress"],
          body: ["onError", "onLoad"],
          dialog: ["onKeyUp", "onKeyDown", "onKeyPress", "onClick", "onMouseDown"],
          iframe: ["onError", "onLoad"],
          img: ["onError", "onLoad"],
        },
      ],
    },
  },
  {
    // Options of a combobox's listbox (aria-activedescendant): the keyboard works in the input, the options take no focus.
    files: ["components/languages/language-picker.tsx", "components/search/search-results.tsx"],
    rules: { "jsx-a11y/click-events-have-key-events": "off", "jsx-a11y/interactive-supports-focus": "off" },
  },
  {
    // The search dialog closes on a click on its backdrop; from the keyboard, Escape closes it.
    files: ["components/search/search-palette.tsx"],
    rules: { "jsx-a11y/click-events-have-key-events": "off" },
  },
  {
    // "Home" from an error page is a full load on purpose: whatever failed starts afresh.
    files: ["components/errors/error-page.tsx"],
    rules: { "@next/next/no-html-link-for-pages": "off" },
  },
  {
    files: ["tests/**", "e2e/**", "bench/**", "**/*.test.ts"],
    rules: {
      // Their use* functions (useAppDatabase, useBlobStorage, useLanguage) set up a test or a bench, not React state.
      "react-hooks/rules-of-hooks": "off",
      // Tests read untyped JSON answers and reach into libraries' internals.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
);
