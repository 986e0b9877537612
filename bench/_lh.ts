import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
for (const route of (process.env.ROUTES ?? "/,/pricing,/contact,/cost-estimator,/blog").split(",")) {
  const result = await lighthouse(`http://127.0.0.1:3917${route}`, { port: chrome.port, onlyCategories: ["performance"], output: "json", logLevel: "error" });
  const lhr = result!.lhr;
  const a = (id: string) => lhr.audits[id];
  console.log(route, Math.round(lhr.categories.performance!.score! * 100), "FCP", a("first-contentful-paint")!.numericValue?.toFixed(0), "LCP", a("largest-contentful-paint")!.numericValue?.toFixed(0), "TBT", a("total-blocking-time")!.numericValue?.toFixed(0), "SI", a("speed-index")!.numericValue?.toFixed(0), "CLS", a("cumulative-layout-shift")!.numericValue?.toFixed(3));
  const blocking = a("render-blocking-insight") ?? a("render-blocking-resources");
  console.log("  blocking:", JSON.stringify((blocking?.details as any)?.items?.map((i: any) => i.url) ?? []));
  const lcp = a("lcp-breakdown-insight") ?? a("largest-contentful-paint-element");
  console.log("  lcp:", JSON.stringify(lcp?.details)?.slice(0, 400));
  const tasks = a("long-tasks");
  console.log("  long tasks:", JSON.stringify((tasks?.details as any)?.items?.slice(0, 4).map((i: any) => [i.url, Math.round(i.duration)])));
}
await chrome.kill();
