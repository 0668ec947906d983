/**
 * Debian's Chromium, never a downloaded browser; both Playwright configs launch it so. Its headless
 * shell by default: the same Blink and V8 without the full browser's window layer, which Playwright
 * itself runs headless tests in. On two cores the browser suite took 10.8 minutes with it against
 * 17.9 with the full browser, whose own processes used more than twice the CPU.
 * CHROMIUM_PATH=/usr/bin/chromium runs the full browser, which `--headed` needs.
 */
export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
