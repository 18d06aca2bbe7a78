/**
 * `npm run bench`, part two: Lighthouse (mobile defaults) on six public pages
 * of the production build with the demo content, in Debian's Chromium, three
 * runs per page and the median of each figure (one run swings by several
 * points on a shared machine). Targets (issue 12): performance ≥ 97, TBT <
 * 150 ms, CLS < 0.05, accessibility, best practices and SEO 100, ≤ 150 KB of
 * compressed JavaScript on the home page, and no dashboard code on any public page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import type { Blog, Project } from '../core/types';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { audit, medianOf, type PageFigures } from './support/lighthouse-audit';
import { startSite, stop } from './support/site-server';

const RUNS_PER_PAGE = 3;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-lighthouse-'));
  const site = await startSite(dataDir, { SEED_DEMO: '1' });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const projects = ((await (await fetch(`${site.url}/api/projects`)).json()) as { data: Project[] }).data;
    const blogs = ((await (await fetch(`${site.url}/api/blogs`)).json()) as { data: Blog[] }).data;
    const pages: [string, string][] = [
      ['/', '/'],
      ['project', `/project/${projects[0]!.id}`],
      ['/blog', '/blog'],
      ['blog post', `/blog/${blogs[0]!.id}`],
      ['/design', '/design'],
      ['/contact', '/contact'],
    ];
    const rows: PageFigures[] = [];
    for (const [name, pagePath] of pages) {
      const runs: PageFigures[] = [];
      for (let run = 0; run < RUNS_PER_PAGE; run++) runs.push(await audit(`${site.url}${pagePath}`, chrome.port, name));
      console.log(`  ${name}: performance ${runs.map((run) => run.performance).join(', ')}`);
      rows.push(medianOf(runs));
    }

    console.log(
      `\nLighthouse 12 (mobile defaults, simulated throttling), production build with demo content, median of ${RUNS_PER_PAGE} runs`,
    );
    console.log('(JS KB: compressed JavaScript transferred)');
    console.log('page         perf  a11y  bp   seo   LCP ms  CLS    TBT ms  JS KB  total KB  dashboard code');
    for (const row of rows) {
      console.log(
        [
          row.page.padEnd(11),
          String(row.performance).padStart(5),
          String(row.accessibility).padStart(5),
          String(row.bestPractices).padStart(4),
          String(row.seo).padStart(5),
          String(row.lcpMs).padStart(7),
          row.cls.toFixed(3).padStart(6),
          String(row.tbtMs).padStart(7),
          String(row.scriptKb).padStart(6),
          String(row.totalKb).padStart(9),
          row.dashboardCode ? '  yes' : '  no',
        ].join(' '),
      );
    }
    const misses = rows.flatMap((row) => [
      ...(row.performance < 97 ? [`${row.page}: performance ${row.performance} < 97`] : []),
      ...(row.tbtMs >= 150 ? [`${row.page}: TBT ${row.tbtMs} ms`] : []),
      ...(row.accessibility < 100 || row.bestPractices < 100 || row.seo < 100
        ? [`${row.page}: a11y/bp/seo not all 100`]
        : []),
      ...(row.cls >= 0.05 ? [`${row.page}: CLS ${row.cls}`] : []),
      ...(row.dashboardCode ? [`${row.page}: dashboard code loaded`] : []),
    ]);
    const home = rows[0]!;
    if (home.scriptKb > 150) misses.push(`home page JavaScript ${home.scriptKb} KB > 150 KB`);
    console.log(misses.length === 0 ? 'all targets met' : `targets missed:\n  ${misses.join('\n  ')}`);
  } finally {
    await chrome.kill();
    await stop(site.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
