// The page before Python runs: the board as a picture at once, a progress bar that follows
// the download and PyScript's start-up stages, clicks on the picture kept for the live
// board, and the moment the engine starts (at once; an embedded page waits for a first
// click, tap or key on its board unless `autostart=1`, so a post with several embeds costs
// nothing until a reader plays).  If Python cannot start, the page says so in words.
//
// Loaded by index.html's <head>, after previews/previews.js (tools/build_previews.py: the
// boards as SVG, their sizes, the games' names).  Python takes over through
// `window.boardgamesBoot.takeOver()` (py/webapp/panels/embed_panel.py), which returns the clicks
// kept.  `performance.mark("board-shown")` marks the first board on screen, once.
"use strict";
(() => {
  const data = self.BOARD_PREVIEWS || null;
  const params = new URLSearchParams(location.search);
  const flag = (name) => /^(1|true|yes)$/i.test(params.get(name) || "");
  const scheme = (name) => (/^(light|dark)$/.test(params.get(name) || "") ? params.get(name) : null);
  const byId = (id) => document.getElementById(id);
  const root = document.documentElement;
  const embed = flag("embed");
  const lazy = embed && !flag("autostart");
  const viewer = flag("viewer") && Boolean(params.get("moves"));
  // the embedded page's layout (css/style.css) from the first paint
  root.classList.toggle("embed", embed);
  root.classList.toggle("viewer", viewer);
  const systemDark = matchMedia("(prefers-color-scheme: dark)");
  const N_ = (text) => text;  // marks a text for tools/i18n.py, translated where shown by t()
  // PyScript's progress events (py:progress) -> [share of the bar, words]
  const STAGES = {
    "Loaded interpreter": [0.8, N_("Loading the games")],
    "Loaded files": [0.9, N_("Setting up the board")],
    "Loaded Pyodide": [0.92, N_("Setting up the board")],
  };
  const DOWNLOAD = [0.05, 0.7];  // the bar's share for the runtime's download
  const queued = [];  // clicks on the picture: {x, y} as fractions of the board, and shift
  let opening = null, started = false, ready = false, failed = false, startedAt = 0;

  // -- colours: `bg` for the page, `theme` for the board (light, dark, auto; each defaults
  // to the other, then to the system's setting); set before anything is drawn.
  // The visitor's Settings (py/webapp/state/settings.py) where storage allows: theme, board colours.
  function chosenSettings() {
    try {
      const chosen = JSON.parse(localStorage.getItem(data.settingsKey));
      return chosen && typeof chosen === "object" ? chosen : {};
    } catch (error) {
      return {};  // refused storage or unreadable settings: Python explains
    }
  }

  function applyTheme() {
    const chosen = data ? chosenSettings() : {};
    const mine = /^(light|dark)$/.test(chosen.theme) ? chosen.theme : (systemDark.matches ? "dark" : "light");
    root.dataset.theme = scheme("bg") || scheme("theme") || mine;
    root.dataset.board = scheme("theme") || scheme("bg") || mine;
    const preview = byId("preview");
    if (preview && data) {
      const cells = (data.palettes[chosen.board] || {})[root.dataset.board] || {};
      for (const [name, value] of Object.entries({ ...data.colours[root.dataset.board], ...cells })) {
        preview.style.setProperty(name, value);
      }
    }
  }
  applyTheme();
  systemDark.addEventListener("change", applyTheme);

  // -- the reader's language (py/boardgames/texts.py): ?lang=, else the saved choice in
  // Settings, else the browser's languages, else English.  The texts this script and
  // index.html show come from vendor/locale/<lang>.json and Python's catalogue from
  // <lang>.mo.gz (tools/i18n.py writes both); both are fetched at once, and Python starts
  // when they are in (or missing: English then, said once in the console).
  function chooseLanguage() {
    const known = data ? data.languages : ["en"];
    const asked = (params.get("lang") || "").toLowerCase();
    if (known.includes(asked)) return asked;
    const saved = data ? chosenSettings().language : null;
    if (known.includes(saved)) return saved;
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const code = String(tag).toLowerCase().split("-")[0];
      if (known.includes(code)) return code;
    }
    return "en";
  }
  let language = chooseLanguage();
  const showIn = (code) => {
    language = code;
    root.lang = code;
    root.dir = data && data.rightToLeft.includes(code) ? "rtl" : "ltr";
  };
  showIn(language);
  let texts = {};
  // A gzipped file's bytes, unzipped here (a host that sent it with Content-Encoding: gzip
  // had the browser unzip it already: no gzip header left then).
  const unzipped = async (response) => {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes.buffer;
    const stream = new Response(bytes).body.pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer();
  };
  const fetched = (file, read) => fetch(file).then((r) => (r.ok ? read(r) : Promise.reject(new Error(`${file}: ${r.status}`))));
  if (language !== "en") {  // the installed app's name too
    const manifest = document.querySelector("link[rel='manifest']");
    if (manifest) manifest.href = `./vendor/locale/${language}.webmanifest`;
  }
  const catalogue = language === "en" ? Promise.resolve(null) : Promise.all([
    fetched(`./vendor/locale/${language}.json`, (r) => r.json()),
    fetched(`./vendor/locale/${language}.mo.gz`, unzipped),
  ]).then(([early, mo]) => {
    texts = early;
    return new Uint8Array(mo);
  }).catch((error) => {
    console.info(`boardgames: no ${language} catalogue (${error.message}): English instead`);
    showIn("en");
    return null;
  });
  const t = (text) => texts[text] || text;  // `text` (marked for tools/i18n.py) in the reader's language
  const TRANSLATED_ATTRIBUTES = ["aria-label", "title", "placeholder", "alt"];
  // index.html's own words and what prefill() wrote, each a text of the catalogue.
  function translatePage() {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest("[translate='no']")) continue;
      const text = node.nodeValue.trim();
      const translated = texts[text.replace(/\s+/g, " ")];
      if (translated) node.nodeValue = node.nodeValue.replace(text, translated);
    }
    for (const name of TRANSLATED_ATTRIBUTES) {
      for (const element of document.querySelectorAll(`[${name}]:not([translate='no'] *, [translate='no'])`)) {
        const translated = texts[element.getAttribute(name).trim()];
        if (translated) element.setAttribute(name, translated);
      }
    }
    document.title = texts[document.title] || document.title;
  }

  // -- start-up failures: words instead of a blank or frozen board
  function fail(detail) {
    if (ready || failed || !started) return;
    failed = true;
    const box = byId("loading");
    box.classList.add("failed");
    box.innerHTML = "<strong></strong><br><span></span><br><small></small>";
    box.querySelector("strong").textContent = t("The game engine could not start.");
    box.querySelector("span").textContent = t("Please reload the page. If this keeps happening, your browser may not support WebAssembly.");
    box.querySelector("small").textContent = detail || "";
    console.error("boardgames: start-up failed:", detail);
  }
  const words = (reason) => (reason instanceof Event ? `${reason.type} event on ${reason.target}`
    : String((reason && reason.message) || reason));
  addEventListener("error", (e) => fail(e.message));
  addEventListener("unhandledrejection", (e) => fail(words(e.reason)));
  // PyScript puts raw tracebacks in a banner: keep them out of sight, show our message.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.classList && node.classList.contains("py-error")) {
          node.hidden = true;
          const lines = node.textContent.trim().split("\n");
          fail(lines[lines.length - 1]);
        }
      }
    }
  }).observe(root, { childList: true, subtree: true });

  // -- which board: the link's game, else (a full page) the saved game's, else the default
  function savedGame() {
    try {
      const saved = JSON.parse(localStorage.getItem(data.saveKey));
      return saved && typeof saved === "object" && data.games[saved.game] ? saved : null;
    } catch (error) {
      return null;  // refused storage or an unreadable save: Python explains
    }
  }

  function chooseOpening() {
    let source = params, saved = null;
    const exercise = params.has("learn") ? "lesson" : params.has("puzzle") ? "puzzle" : null;
    if (!embed && !exercise && !data.linkParams.some((name) => params.has(name))) saved = savedGame();
    if (saved) source = new URLSearchParams({ game: saved.game, ...Object(saved.options) });
    const game = data.games[source.get("game")] ? source.get("game") : data.default;
    const options = {};
    for (const [name, option] of Object.entries(data.games[game].options)) {
      const value = Number(source.get(name));
      options[name] = option.values.some(([v]) => v === value) ? value : option.default;
    }
    const key = game + Object.keys(options).sort().map((name) => `-${name}${options[name]}`).join("");
    const board = data.boards[key];
    // Another position than the setup: the picture must not pass for the game.
    const own = saved ? Boolean(saved.moves && saved.moves.length) || (saved.fen || board.setup) !== board.setup
      : Boolean(exercise || params.get("fen") || params.get("moves"));
    // What the page will show instead of the setup, in the words of the note on the picture.
    const loading = exercise === "lesson" ? t("Loading the lesson\u2026") : exercise === "puzzle"
      ? t("Loading the puzzle\u2026") : t("Loading your game\u2026");
    return { game, options, key, board, own, loading };
  }

  // -- the board's shape, before the first paint: its box (css/style.css) takes the largest
  // size of that shape the window leaves room for, and the picture, then the canvas, fill it
  function shapeBoard() {
    const plain = chosenSettings().coordinates === false;
    const aspect = opening ? opening.board[plain ? "plainAspect" : "aspect"] : 1;
    root.style.setProperty("--board-hw", String(aspect));
  }

  function shown() {
    if (performance.getEntriesByName("board-shown", "mark").length === 0) performance.mark("board-shown");
  }

  // -- the page around the board, as Python will fill it (so nothing moves when it does)
  function prefill() {
    const game = data.games[opening.game];
    const select = byId("game-select");
    for (const [id, entry] of Object.entries(data.games)) {
      const option = new Option(entry.name, id);
      option.title = entry.summary;
      select.add(option);
    }
    select.value = opening.game;
    byId("game-summary").textContent = game.summary;
    const box = byId("game-options");
    for (const [name, option] of Object.entries(game.options)) {
      const label = document.createElement("label");
      label.textContent = `${option.label} `;
      const choice = document.createElement("select");
      choice.id = `option-${name}`;
      for (const [value, text] of option.values) choice.add(new Option(text, String(value)));
      choice.value = String(opening.options[name]);
      label.appendChild(choice);
      box.appendChild(label);
    }
    box.hidden = Object.keys(game.options).length === 0;
    byId("status").textContent = opening.own ? opening.loading : game.status;
    byId("draw").hidden = !game.draw;  // between two humans, as Python will show it
    const level = byId("level");
    for (const [value, name] of data.levels) {
      level.add(new Option(t("{number}. {name}").replace("{number}", value).replace("{name}", t(name)), String(value)));
    }
    level.value = data.levels.some(([value]) => String(value) === params.get("level")) ? params.get("level") : String(data.level);
    // the activity a link opens beside the board (py/webapp/state/page_state.py)
    const activity = params.has("learn") || params.has("puzzle") ? "learn"
      : data.friendParams.some((name) => params.has(name)) ? "friend" : "play";
    for (const tab of document.querySelectorAll("#tabs [role=tab]")) {
      const chosen = tab.dataset.activity === activity;
      tab.setAttribute("aria-selected", String(chosen));
      tab.tabIndex = chosen ? 0 : -1;
      byId(tab.getAttribute("aria-controls")).hidden = !chosen;
    }
    byId("moves").hidden = activity === "learn";
    const link = new URLSearchParams();
    for (const name of [...data.linkParams, ...Object.keys(game.options)]) {
      if (params.has(name)) link.set(name, params.get(name));
    }
    byId("full-site").href = `${location.pathname}?${link}`;
  }

  // The picture is fetched at once (this script runs in the page's <head>), and shown
  // as soon as the page around it is parsed.
  function fetchPicture() {
    const file = `./previews/${opening.key}${flag("flip") ? "-flipped" : ""}.svg`;
    return fetch(file).then((response) => (response.ok ? response.text() : Promise.reject(new Error(response.status))));
  }

  function showPreview(picture) {
    const preview = byId("preview");
    byId("preview-note").hidden = !opening.own;
    byId("preview-note").textContent = opening.loading;
    picture.then((svg) => {
      if (ready) return;
      byId("preview-board").innerHTML = svg;
      preview.classList.add("drawn");
      requestAnimationFrame(() => {  // the frame that paints it
        shown();
        if (lazy) warmWhenSeen();
      });
    }).catch((error) => console.info("boardgames: no board picture:", error.message));
  }

  // -- starting the engine, and its progress
  // A returning visit (the page came from the service worker's cache) starts Python's
  // loader first, as soon as this script runs (or, in an embed, at the reader's click): it
  // reads the cached snapshot and starts Python from it while the page is parsed and
  // PyScript's JavaScript loads (PyScript's own import of it gets this same module).  A
  // first visit does not: there the loader's downloads and unpacking would only slow
  // PyScript's own start.
  const LOADER_MODULES = ["./interpreter.mjs", "./snapshot.mjs", "./vendor/pyodide/pyodide.mjs",
                          "./vendor/pyodide/pyodide.asm.mjs"];
  // PyScript's modules a start loads (core.js, its chunks, its plugins, its TOML reader),
  // which it asks for one after another as each runs.  Their names change with PyScript's
  // build: tools/build_site.py lists them here in site/ (none where the sources are served).
  const ENGINE_MODULES = [];
  function askForModules(modules) {
    for (const module of modules) {
      document.head.appendChild(Object.assign(document.createElement("link"), { rel: "modulepreload", href: module }));
    }
  }
  let loaderAsked = false;  // (this script runs it, and start() again)
  function startLoader() {
    if (loaderAsked) return;
    try {
      if (navigator.serviceWorker && navigator.serviceWorker.controller) {
        loaderAsked = true;
        // its modules, and PyScript's, asked for at once, not one after another as each is
        // read (PyScript's on a page's first visit too was no faster: 1.58 s against 1.53 s)
        askForModules([...LOADER_MODULES, ...ENGINE_MODULES]);
        import("./interpreter.mjs").then((loader) => loader.begin()).catch(() => {});  // a failure shows when PyScript imports it
      } else if (lazy && started) {
        loaderAsked = true;
        // an embed without the offline copy (a cross-site frame), at the reader's click:
        // PyScript's modules at once (live 0.02 s sooner, medians of 8-12, four batches)
        askForModules(ENGINE_MODULES);
      }
    } catch (error) {
      // a sandboxed frame may not even ask: PyScript imports the loader as usual
    }
  }

  // An embed waiting for its reader's click in a frame refused storage (a class page on
  // another site) whose reader played it before (the loader's manifest is in the HTTP
  // cache): once its picture is painted and in view, the loader unzips from that cache what
  // the click would (interpreter.mjs warm()), so that the click starts Python as fast as
  // where storage is allowed.  Nothing is downloaded for it; a returning reader who never
  // played costs one cache miss (a line in the browser's console, no request).
  function warmWhenSeen() {
    try {
      if (started || self.origin === "null" || navigator.serviceWorker?.controller || !storageRefused()) return;
      const [page] = performance.getEntriesByType("navigation");
      if (!page || page.transferSize >= page.encodedBodySize) return;  // downloaded: a first visit
      const seen = new IntersectionObserver((entries) => {
        if (started || !entries.some((entry) => entry.isIntersecting)) return;
        seen.disconnect();
        fetch("./vendor/fast/manifest.json", { cache: "only-if-cached", mode: "same-origin" })
          .then((response) => response.ok && !started &&
                import("./interpreter.mjs").then((loader) => started || loader.warm(response)))
          .catch(() => {});
      });
      seen.observe(byId("preview"));
    } catch (error) {
      // (nothing made ready: the click starts as it would)
    }
  }

  function storageRefused() {
    try {
      return !self.localStorage;
    } catch (error) {
      return true;
    }
  }

  function start() {
    if (started) return;
    started = true;
    document.body.dataset.engine = "starting";
    startedAt = performance.now();
    byId("play").hidden = true;
    byId("loading").hidden = false;
    watchProgress();
    startLoader();
    const engine = byId("engine").content.firstElementChild;
    const script = document.createElement("script");
    script.type = "module";
    script.src = engine.getAttribute("src");
    catalogue.then((mo) => {  // Python reads the language and its catalogue at its start
      self.boardgamesLanguage = { code: language, catalogue: mo };
      // On a first visit PyScript's core is read once the page is painted in full, not
      // before: where a slow phone's link brings the core first, the largest text would wait
      // for it (a returning visit has the core at hand, and its start is not delayed)
      if (loaderAsked) document.head.appendChild(script);
      else afterNextFrame(() => document.head.appendChild(script));
    });
  }

  /** `then` in a task after the next frame is painted (or after 100 ms where frames do
   * not come: a tab in the background). */
  function afterNextFrame(then) {
    let done = false;
    const once = () => {
      if (!done) then();
      done = true;
    };
    requestAnimationFrame(() => setTimeout(once, 0));
    setTimeout(once, 100);
  }

  // Progress: the runtime's big files as the browser reports them arrived (their sizes
  // are known from the build), then PyScript's start-up stages.  Between two files the bar
  // moves at the rate bytes have come in so far, never claiming the files still on their way.
  const runtime = data ? data.runtime : {};
  const totalBytes = Object.values(runtime).reduce((a, b) => a + b, 0);
  const arrived = new Set();
  let downloaded = 0, bytesSinceStart = 0, lastSign = 0, stage = null, shownText = "", shownValue = 0;

  function watchProgress() {
    lastSign = startedAt;
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.startTime < startedAt) continue;
          bytesSinceStart += entry.transferSize || entry.encodedBodySize || 0;
          lastSign = performance.now();
          for (const [path, size] of Object.entries(runtime)) {
            if (entry.name.endsWith(`/${path}`) && !arrived.has(path)) {
              arrived.add(path);
              downloaded += size;
            }
          }
        }
        update();
      }).observe({ type: "resource", buffered: true });
    } catch (error) {
      console.info("boardgames: no download progress here:", error.message);
    }
    addEventListener("py:progress", (event) => {
      lastSign = performance.now();
      if (STAGES[event.detail]) stage = STAGES[event.detail];
      update();
    });
    const timer = setInterval(() => {
      if (ready || failed) clearInterval(timer);
      else if (performance.now() - lastSign > 90000) fail(t("Timed out while starting Python."));
      else update();
    }, 250);
    update();
  }

  function downloadShare() {
    if (!totalBytes || arrived.size === Object.keys(runtime).length) return 1;
    const rate = bytesSinceStart / Math.max(1, lastSign - startedAt);
    const expected = downloaded + rate * (performance.now() - lastSign);
    return Math.min(expected, downloaded + 0.9 * (totalBytes - downloaded)) / totalBytes;
  }

  function update() {
    if (ready || failed || !started) return;
    const share = downloadShare();
    const [from, to] = DOWNLOAD;
    shownValue = Math.max(shownValue, stage ? stage[0] : 0, from + (to - from) * share);  // never back
    byId("loading-bar").value = shownValue;
    const words = t(stage ? stage[1] : share >= 1 ? N_("Starting Python") : N_("Downloading the game engine"));
    let kept = "";
    if (queued.length) kept = " " + (queued.length === 1 ? t("(your click is kept)") : t("(your clicks are kept)"));
    if (words + kept !== shownText) {  // a screen reader hears each stage once
      shownText = words + kept;
      byId("loading-text").textContent = `${words}\u2026${kept}`;
    }
  }

  function listen() {
    const preview = byId("preview");
    preview.setAttribute("aria-label", lazy ? t("Game board: a click or a key on it starts the game")
      : t("Game board, getting ready: clicks on it are kept"));
    // A click (not a pointerdown: a finger scrolling a post past an embed must not start it)
    preview.addEventListener("click", (event) => {
      if (ready || event.target.closest("#play")) return;
      if (opening && !opening.own && !failed) {
        const box = preview.getBoundingClientRect();
        queued.push({ x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height,
                      shift: event.shiftKey });
      }
      start();
      update();
    });
    preview.addEventListener("keydown", (event) => {
      if (ready || event.key === "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      start();
    });
    byId("play").addEventListener("click", start);
  }

  function registerOfflineCopy() {
    // Offline after the first visit (sw.js keeps the page and the runtime).  Frames that
    // are refused service workers or storage simply work online.
    try {
      if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
      navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" })
        .then(() => navigator.serviceWorker.ready)
        // once the offline copy is made, Python's snapshot for the next visit (interpreter.mjs)
        .then(() => self.boardgamesPython?.keepSnapshot?.())
        .catch((error) => {
          console.info("boardgames: no offline copy here:", error.message || error);
        });
    } catch (error) {
      console.info("boardgames: no offline copy here:", error.message);
    }
  }

  // -- Python takes over: the live canvas replaces the picture in the same frame
  self.boardgamesBoot = {
    shown,
    takeOver() {
      ready = true;
      const preview = byId("preview"), canvas = byId("board");
      const focused = preview.contains(document.activeElement);
      preview.hidden = true;
      canvas.hidden = false;
      if (focused) canvas.focus();
      document.body.classList.remove("starting");
      shown();
      registerOfflineCopy();
      return queued.map(({ x, y, shift }) => ({ x, y, shift }));
    },
  };

  opening = data ? chooseOpening() : null;
  shapeBoard();
  const picture = opening ? fetchPicture() : null;
  if (!lazy) startLoader();
  document.addEventListener("DOMContentLoaded", () => {
    if (data) {
      applyTheme();
      prefill();
      showPreview(picture);
      // shown once in the reader's language (css/style.css keeps the header and panel unseen till then)
      catalogue.then(translatePage).finally(() => root.classList.add("filled"));
    } else {
      console.error("boardgames: previews/previews.js is missing (make vendor writes it)");
      root.classList.add("filled");
    }
    listen();
    if (lazy && data) {
      byId("play").hidden = false;
      byId("loading").hidden = true;
      document.body.dataset.engine = "waiting";  // for a reader's click (tests read this)
    } else {
      start();
    }
  });
})();
