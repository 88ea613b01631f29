// Firefox for the Python tests (e2e/test_other_engines.py): Debian's firefox-esr driven by
// puppeteer-core over WebDriver BiDi (Playwright cannot drive a stock Firefox).  One JSON
// command per line on stdin, one JSON answer per line on stdout:
//   {"op": "goto", "url": ...}                     -> {"value": null}
//   {"op": "evaluate", "expression": ...}          -> {"value": <its result, awaited, as JSON>}
//   {"op": "wait", "expression": ..., "timeout": ms} -> {"value": true} once it is truthy
//   {"op": "click", "x": ..., "y": ...}            -> a mouse click at viewport coordinates
// A failure answers {"error": message}; console errors are sent as {"console": text}, the
// page's address after each.
// Usage: node firefox_bridge.mjs PROFILE_DIR
import puppeteer from "puppeteer-core";
import { createInterface } from "node:readline";

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.FIREFOX || "/usr/bin/firefox-esr",
  headless: true,
  userDataDir: process.argv[2],
  defaultViewport: { width: 1100, height: 850 },
});
const page = (await browser.pages())[0] ?? (await browser.newPage());
// the window Firefox opens with keeps its own size (1366x682 here): defaultViewport is for new pages
await page.setViewport({ width: 1100, height: 850 });
const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
// (an error logged as an object reads "JSHandle@object": its arguments are spelt out where they still can be)
const spelt = (handle) => handle.evaluate((value) => (value instanceof Error ? value.stack || String(value)
  : value && typeof value === "object" ? `${value.constructor?.name}: ${JSON.stringify(value)}` : String(value)));
page.on("console", (message) => message.type() === "error" &&
  Promise.all(message.args().map(spelt)).then((words) => words.join(" "), () => message.text())
    .then((text) => send({ console: `${text || message.text()} (on ${page.url()})` })));
page.on("pageerror", (error) => send({ console: String(error) }));

const ops = {
  goto: ({ url }) => page.goto(url).then(() => null),
  // as JSON text: the page's nulls kept as they are
  evaluate: ({ expression }) => page.evaluate(`(async () => JSON.stringify(await (${expression})))()`)
    .then((text) => (text === undefined ? null : JSON.parse(text))),
  wait: ({ expression, timeout }) => page.waitForFunction(expression, { timeout, polling: 100 }).then(() => true),
  click: ({ x, y }) => page.mouse.click(x, y).then(() => null),
};

for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line);
  try {
    send({ value: (await ops[command.op](command)) ?? null });
  } catch (error) {
    send({ error: String(error.message || error) });
  }
}
await browser.close();
