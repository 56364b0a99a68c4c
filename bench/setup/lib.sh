# What every step of bench/setup.sh uses (sourced by it): the step reporting (each failure names its
# step and exact command), the run helpers, and the cleanup that runs on success and on failure.
# shellcheck shell=bash
step_no=0
step_name='start'

# ---------- reporting ----------
step_started=$SECONDS
step() {
  [ "$step_no" -eq 0 ] || [ $((SECONDS - step_started)) -lt 2 ] || note "(step took $((SECONDS - step_started))s)"
  step_started=$SECONDS
  step_no=$((step_no + 1)); step_name=$1
  printf '==> [setup] step %d/%d: %s\n' "$step_no" "$total_steps" "$step_name"
}
note() { printf '    %s\n' "$*"; }
warn() { printf 'warning: [setup] %s\n' "$*" >&2; }
quote() { local out='' a; for a in "$@"; do out+="${out:+ }$(printf '%q' "$a")"; done; printf '%s' "$out"; }
report_failure() { # exit-code command-text [detail]
  # Reported once: a failure inside $(...) would otherwise be reported again by the caller.
  if [ -n "${tmp_dir:-}" ]; then [ ! -e "$tmp_dir/.reported" ] || return 0; : >"$tmp_dir/.reported"; fi
  printf 'error: [setup] step %d/%d (%s) failed (exit %s)\n  command: %s\n' \
    "$step_no" "$total_steps" "$step_name" "$1" "$2" >&2
  [ -z "${3:-}" ] || printf '%s\n' "$3" >&2
}
die() { # a check failed (no command to blame)
  if [ -n "${tmp_dir:-}" ]; then : >"$tmp_dir/.reported"; fi
  printf 'error: [setup] step %d/%d (%s) failed: %s\n' "$step_no" "$total_steps" "$step_name" "$*" >&2
  exit 1
}
# Any command not run through run/run_logged that fails still names its step and (unexpanded) command.
on_err() {
  local rc=$?
  report_failure "$rc" "$BASH_COMMAND"
  exit "$rc"
}
trap on_err ERR

# run CMD...: print and run; on failure name the step and the exact (expanded) command.
run() {
  note "\$ $(quote "$@")"
  "$@" || { local rc=$?; report_failure "$rc" "$(quote "$@")"; exit "$rc"; }
}
# run_to FILE CMD...: as run, stdout to FILE (a value to read back).
run_to() {
  local out=$1; shift
  note "\$ $(quote "$@") > $out"
  "$@" >"$out" || { local rc=$?; report_failure "$rc" "$(quote "$@")"; exit "$rc"; }
}
# run_logged LOG CMD...: as run, output to LOG (long builds); its tail is shown on failure.
run_logged() {
  local log=$1; shift
  note "\$ $(quote "$@")  (log: $log)"
  "$@" >"$log" 2>&1 || {
    local rc=$?
    report_failure "$rc" "$(quote "$@")" "--- last lines of $log ---
$(tail -n 40 "$log")"
    exit "$rc"
  }
}

as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)

# ---------- cleanup (runs on success and on failure) ----------
policy_rc=/usr/sbin/policy-rc.d
policy_installed=0
policy_backup=
restore_policy_rc() {
  [ "$policy_installed" = 1 ] || return 0
  if [ -n "$policy_backup" ]; then "${as_root[@]}" mv -f "$policy_backup" "$policy_rc"
  else "${as_root[@]}" rm -f "$policy_rc"; fi
  policy_installed=0
}
cleanup() {
  local rc=$?
  trap - ERR
  restore_policy_rc || printf 'error: [setup] could not restore %s\n' "$policy_rc" >&2
  [ -z "${tmp_dir:-}" ] || rm -rf "$tmp_dir"
  exit "$rc"
}
trap cleanup EXIT
tmp_dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-setup.XXXXXX")
