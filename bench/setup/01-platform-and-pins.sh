# Step 1 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): check the platform (Debian 12, node) and read bench/pins.json; take the setup lock.
# shellcheck shell=bash
step 'check platform and read pins'
[ -r /etc/os-release ] || die '/etc/os-release missing: this setup supports Debian 12 (bookworm) only'
# shellcheck disable=SC1091
os_codename=$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-}")
[ "$os_codename" = bookworm ] || die "this setup supports Debian 12 (bookworm), found '${os_codename:-unknown}'"
command -v node >/dev/null || die 'node is required (Node 20)'
[ -r "$pins_file" ] || die "pins file not found: $pins_file"
# Validated before use; values come back as KEY=VALUE lines restricted to safe characters.
run_to "$tmp_dir/pins.env" node "$setup_dir/read-pins.js" "$pins_file"
archive='' suite='' keyring='' trantor_pin='' drogon_pin='' yyjson_suite='' yyjson_pin='' glaze_suite='' oha_pin='' oha_rust=''
go_toolchain='' go_arch='' go_toolchain_sha256='' go_toolchain_h1=''
# Split at the first '=' only: values may contain '=' (an h1: hash ends in one).
while IFS= read -r line; do
  key=${line%%=*} value=${line#*=}
  case $key in
    archive) archive=$value ;; suite) suite=$value ;; keyring) keyring=$value ;;
    trantor_pin) trantor_pin=$value ;; drogon_pin) drogon_pin=$value ;;
    yyjson_suite) yyjson_suite=$value ;; yyjson_pin) yyjson_pin=$value ;; glaze_suite) glaze_suite=$value ;; oha_pin) oha_pin=$value ;;
    oha_rust) oha_rust=$value ;; go_toolchain) go_toolchain=$value ;; go_arch) go_arch=$value ;;
    go_toolchain_sha256) go_toolchain_sha256=$value ;; go_toolchain_h1) go_toolchain_h1=$value ;;
    *) die "unexpected line from read-pins.js: $key" ;;
  esac
done <"$tmp_dir/pins.env"
note "pins: trantor $trantor_pin, drogon $drogon_pin from $archive $suite (source packages)"
note "BENCH_HOME: $BENCH_HOME"
mkdir -p "$BENCH_HOME"/{logs,build,src,prefix,resolved}
# One setup at a time per BENCH_HOME (npm test and a manual setup may overlap).
exec 9>"$BENCH_HOME/setup.lock"
if ! flock -n 9; then
  note 'another bench setup holds the lock; waiting (up to 30 min)'
  flock -w 1800 9 || die "timed out waiting for $BENCH_HOME/setup.lock"
fi
