/**
 * Debian's Chromium (`apt-get install chromium`), never a downloaded browser: `npx playwright
 * install` needs the Internet. Its flags, for the e2e suite, the audio spec's own browsers and
 * bench:pages: headless, and nothing in the background that would reach out or take the CPU.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
