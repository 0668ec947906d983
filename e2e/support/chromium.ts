/**
 * Debian's Chromium, never a downloaded browser; both Playwright configs launch it so. Its headless
 * shell by default: the same Blink and V8 without the full browser's window layer, which Playwright
 * itself runs headless tests in. The browser suite took a third less time on two cores with it
 * (the browser's own processes used half the CPU). CHROMIUM_PATH=/usr/bin/chromium runs the full
 * browser, which `--headed` needs.
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
