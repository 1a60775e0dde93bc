import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, LAUNCH } from './chromium';

/** One Chromium for the whole browser test run; each file connects to it (tests/e2e/chromium.ts). */
export default async function startChromium(project: TestProject) {
  // Without Chromium each suite fails at its start, saying so (tests/e2e/browser.ts).
  if (!existsSync(CHROMIUM)) return;
  const server = await chromium.launchServer(LAUNCH);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
