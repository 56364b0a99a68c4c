'use strict';
// What a step of a run costs besides its measured time, for the time estimate printed at start and the
// weights of the progress lines' "time left" (each part estimates its own steps with these). The
// per-step costs were measured on the 2-core Debian 12 machine this project runs on (2026-11-23): they
// are estimates, never checked against a clock in a test. They describe a quiet machine: in the
// default run of 2026-11-27 at c21949e, on the same machine busy with other work (load average about
// 20), the timed blocks took 0.83 times their estimate and the system-call part 2.3 times (its counted
// windows each took 2-5 s more, mostly the lock-step client starting), 48.2 min in all against 42.5
// estimated; the profile was trimmed so that such a run fits 45 minutes (Methodology says what went). A timed quick run (1 s runs, 0.1 s
// pauses) took 1.15-1.25 s per run and about 0.1 s per server start, with other helpers' tests busy on
// the same machine; the two constants below keep some room above that.

const SERVER_START_SECONDS = 0.15; // spawn, readiness poll, probes
const RUN_OVERHEAD_SECONDS = 0.1; // load tool start and exit, /proc reads, parsing

module.exports = { SERVER_START_SECONDS, RUN_OVERHEAD_SECONDS };
