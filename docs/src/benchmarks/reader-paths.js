// Commands and free text of the results as a reader reads them: every path of the machine that ran the
// bench (a tool in the bench cache, a scratch folder, the repository) shown by its last part. The
// results JSON keeps the exact text; the pages show this. Used for every data string of the pages
// (render.js ctx.esc) and for the commands of the source drawers (source-drawer.js).
'use strict';

// An absolute path in a command: after a space, an equals sign or a quote, a slash and no space.
const ABSOLUTE_PATH = /(^|[\s='"])(\/[^\s'"]*)/g;

/**
 * A command as a reader types it: every absolute path of the machine that ran the bench (a tool built
 * in the bench cache, /usr/sbin/nginx, a scratch folder, the repository) shown by its last part, so
 * `…/.cache/drogon-docs-bench/oha-1.16.0/bin/oha -q 100 …` reads `oha -q 100 …` and nginx's
 * `-c /tmp/drogon-bench-0/nginx-module-18081/nginx.conf` reads `-c nginx.conf` (nginx takes it relative
 * to its -p prefix). Paths relative to the repository (bench/wrk/report.lua) stay as they are; URLs
 * are not paths here. The results JSON keeps the exact command.
 */
function readerCommand(command) {
  return String(command).replace(ABSOLUTE_PATH, (all, before, path) => {
    const parts = path.split('/').filter(Boolean);
    return before + (parts.length ? parts[parts.length - 1] : path);
  });
}

// A path of the machine in free text (a failure reason naming a log, a note): an absolute path under
// one of the top folders of a Linux machine. Free text also holds URL paths (GET /json), so only these.
const MACHINE_PATH = /(^|[\s='"(])(\/(?:root|home|tmp|usr|var|opt|srv|mnt|media|run|etc|work)\/[^\s'"()]*)/g;

/** Free text with every path of the machine shown by its last part, as readerCommand does for commands. */
function readerText(text) {
  return String(text).replace(MACHINE_PATH, (all, before, path) => {
    const parts = path.split('/').filter(Boolean);
    return before + parts[parts.length - 1];
  });
}

module.exports = { readerCommand, readerText };
