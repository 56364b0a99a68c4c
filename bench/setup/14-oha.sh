# Step 14 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): build the open-loop load generator oha from crates.io.
# shellcheck shell=bash
step "build the open-loop load generator (oha $oha_pin from crates.io)"
# oha sends requests on a clock (-q) and corrects latency for coordinated omission; the reasons for
# choosing it, and the rates each candidate held here, are in docs/architecture.md.
oha_root="$BENCH_HOME/oha-$oha_pin"
oha_binary="$oha_root/bin/oha"
if [ -x "$oha_binary" ] && [ -f "$oha_root/.complete" ]; then
  note "cached: $oha_binary"
else
  # rustup's cargo first: Debian 12's own cargo (1.65) is too old for oha. No package registry serves a
  # Rust toolchain (crates.io serves crates), so a missing or old one is an error naming what to install;
  # the CI workflows install the pinned Rust before the setup.
  cargo_bin="$HOME/.cargo/bin/cargo"
  [ -x "$cargo_bin" ] || cargo_bin=$(command -v cargo || true)
  rust_hint="install Rust $oha_rust or later with rustup (https://rustup.rs: curl --proto '=https' -sSf https://sh.rustup.rs | sh -s -- -y --default-toolchain $oha_rust), then run the setup again"
  [ -n "$cargo_bin" ] || die "cargo (Rust) is needed to build oha $oha_pin from crates.io, and none is on PATH or in ~/.cargo/bin: $rust_hint"
  cargo_version=$("$cargo_bin" --version 2>/dev/null | sed -n 's/^cargo \([0-9][0-9.]*\).*/\1/p')
  [ -n "$cargo_version" ] && dpkg --compare-versions "$cargo_version" ge "$oha_rust" \
    || die "oha $oha_pin needs Rust $oha_rust or later (its rust-version); $cargo_bin is ${cargo_version:-of unknown version}: $rust_hint"
  note 'first build takes about 12 minutes on 2 cores; cached afterwards'
  rm -rf "$oha_root"
  # --locked: the exact dependency versions of oha's published Cargo.lock.
  run_logged "$BENCH_HOME/logs/oha-build.log" "$cargo_bin" install oha --version "=$oha_pin" --locked \
    --root "$oha_root" --target-dir "$BENCH_HOME/build/oha-$oha_pin"
  : >"$oha_root/.complete"
fi
oha_version=$("$oha_binary" --version | sed -n 's/^oha \([0-9][^ ]*\)$/\1/p')
[ "$oha_version" = "$oha_pin" ] || die "$oha_binary reports version '$oha_version', expected $oha_pin"
note "oha $oha_version"
