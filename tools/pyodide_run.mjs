#!/usr/bin/env node
// Run Python inside real Pyodide (the browser's interpreter) under Node, offline.
//
//   node tools/pyodide_run.mjs script.py [args...]    like `python3 script.py args...`
//   node tools/pyodide_run.mjs -c "code" [args...]    like `python3 -c "code" args...`
//
// Pyodide is loaded from node_modules/pyodide; any fetch() is refused, so nothing can
// come from the network.  The repository (with py/) and the script's folder are mounted
// with NODEFS at their real paths, sys.path is [script folder or "", <repo>/py, stdlib],
// and the working directory is Node's when it is mounted.  stdout/stderr go straight to
// the process's; an uncaught exception prints its traceback on stderr and exits with 1,
// and sys.exit(n) exits with n.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const INDEX = path.join(REPO, "node_modules", "pyodide");

const USAGE = "usage: node tools/pyodide_run.mjs (script.py | -c code) [args...]";

// Python side: set argv and sys.path like the python3 command line, run, and return an exit code.
const RUNNER = `
import os, runpy, sys, traceback

def run(mode, target, argv, py_dir, cwd):
    sys.argv = list(argv)
    first = "" if mode == "-c" else os.path.dirname(target)
    sys.path[:] = [first, py_dir] + [entry for entry in sys.path if entry]
    if cwd:
        os.chdir(cwd)
    try:
        if mode == "-c":
            exec(compile(target, "<string>", "exec"), {"__name__": "__main__"})
        else:
            runpy.run_path(target, run_name="__main__")
        return 0
    except SystemExit as stop:
        if stop.code is None or isinstance(stop.code, int):
            return stop.code or 0
        print(stop.code, file=sys.stderr)
        return 1
    except BaseException as error:
        print_from(error, "<string>" if mode == "-c" else target)
        return 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()

def print_from(error, filename):
    """Print the traceback from the user's code on, without this runner's frames."""
    tb = error.__traceback__
    while tb and tb.tb_frame.f_code.co_filename != filename:
        tb = tb.tb_next
    traceback.print_exception(type(error), error, tb or error.__traceback__)

run
`;

function fail(message) {
  process.stderr.write(`pyodide_run: ${message}\n`);
  process.exit(2);
}

function parseArgs(args) {
  if (args[0] === "-c" && args.length >= 2) {
    return { mode: "-c", target: args[1], argv: ["-c", ...args.slice(2)] };
  }
  if (args.length >= 1 && !args[0].startsWith("-")) {
    const target = path.resolve(args[0]);
    if (!fs.existsSync(target)) fail(`no such file: ${args[0]}`);
    return { mode: "file", target, argv: [target, ...args.slice(1)] };
  }
  fail(USAGE);
}

const inside = (dir, root) => dir === root || dir.startsWith(root + path.sep);

async function main() {
  const { mode, target, argv } = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(path.join(INDEX, "pyodide.mjs"))) {
    fail(`Pyodide is not installed: ${INDEX} is missing (run npm install in ${REPO})`);
  }
  globalThis.fetch = async (url) => {
    throw new Error(`pyodide_run is offline, refused to fetch ${url}`);
  };
  const { loadPyodide } = await import(pathToFileURL(path.join(INDEX, "pyodide.mjs")));
  const writer = (fd) => ({ write: (buffer) => fs.writeSync(fd, buffer) });
  const pyodide = await loadPyodide({ indexURL: INDEX + path.sep });
  pyodide.setStdout(writer(1));
  pyodide.setStderr(writer(2));

  const mounts = [REPO];
  const scriptDir = mode === "file" ? path.dirname(target) : null;
  if (scriptDir && !inside(scriptDir, REPO)) mounts.push(scriptDir);
  for (const dir of mounts) pyodide.mountNodeFS(dir, dir);
  const cwd = mounts.some((dir) => inside(process.cwd(), dir)) ? process.cwd() : null;

  const run = pyodide.runPython(RUNNER);
  const code = run(mode, target, argv, path.join(REPO, "py"), cwd);
  run.destroy();
  process.exit(code);
}

main().catch((error) => fail(error.stack || String(error)));
