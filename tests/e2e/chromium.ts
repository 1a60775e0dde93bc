import { chromium, type Browser, type BrowserContext, type LaunchOptions } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium every browser test file connects to (tests/e2e/global-setup.ts), when there is one. */
    chromiumEndpoint?: string;
  }
}

export const LAUNCH: LaunchOptions = {
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * Spinners, skeletons and transitions are drawn at 60 frames a second by a software renderer here:
 * a sixth of the browser tests' CPU. No test watches one move, so pages run without them.
 */
const STILL_PAGE = `(() => {
  const still = () => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; }';
    document.documentElement.append(style);
  };
  if (document.documentElement) still();
  else document.addEventListener('readystatechange', still, { once: true });
})()`;

async function still(context: BrowserContext) {
  await context.addInitScript(STILL_PAGE);
  return context;
}

/**
 * A Chromium for one test file: a connection to the one the run shares when the global setup started
 * it (each launch cost about 2 s of CPU, some 60 per run), else one of its own. Closing it closes the
 * file's contexts, not the shared browser.
 */
export async function launchChromium(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch(LAUNCH);
  // browser.newPage makes its context through this.newContext, so its pages are still too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => still(await newContext(options));
  return browser;
}
