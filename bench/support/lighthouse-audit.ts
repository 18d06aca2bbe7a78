import lighthouse from 'lighthouse';

/** One Lighthouse run's figures of one page (mobile defaults, simulated throttling). */
export interface PageFigures {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scriptKb: number;
  totalKb: number;
  requests: number;
  dashboardCode: boolean;
}

/** Lighthouse on `url` in the Chromium listening for DevTools on `port`; failed audits of the other categories are printed. */
export async function audit(url: string, port: number, name: string): Promise<PageFigures> {
  let lhr;
  // A run Lighthouse itself could not finish (its page timed out on the busy machine) scores 0 everywhere:
  // it says nothing about the page, so it is run again, up to twice.
  for (let attempt = 0; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    lhr = result!.lhr;
    if (!lhr.runtimeError || attempt === 2) break;
    console.log(`  ${name}: Lighthouse could not finish (${lhr.runtimeError.code}); running it again`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (
      lhr.audits['network-requests']?.details as
        { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined
    )?.items ?? [];
  const scriptBytes = requests
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const totalBytes = requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const failed = lhr.audits[ref.id];
      if (ref.weight > 0 && failed && failed.score !== null && failed.score < 1)
        console.log(`  ${name}: ${id} audit "${failed.title}" failed`);
    }
  }
  return {
    page: name,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(numeric('total-blocking-time')),
    scriptKb: Math.round(scriptBytes / 1024),
    totalKb: Math.round(totalBytes / 1024),
    requests: requests.length,
    dashboardCode: requests.some((item) => item.resourceType === 'Script' && /dashboard/i.test(item.url)),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Each figure's median over the runs; dashboard code in any run counts. */
export function medianOf(runs: PageFigures[]): PageFigures {
  const figure = (key: Exclude<keyof PageFigures, 'page' | 'dashboardCode'>) => median(runs.map((run) => run[key]));
  return {
    page: runs[0]!.page,
    performance: figure('performance'),
    accessibility: figure('accessibility'),
    bestPractices: figure('bestPractices'),
    seo: figure('seo'),
    lcpMs: figure('lcpMs'),
    cls: figure('cls'),
    tbtMs: figure('tbtMs'),
    scriptKb: figure('scriptKb'),
    totalKb: figure('totalKb'),
    requests: figure('requests'),
    dashboardCode: runs.some((run) => run.dashboardCode),
  };
}
