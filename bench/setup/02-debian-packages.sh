# Step 2 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): install the missing Debian packages with no service starting (policy-rc.d).
# shellcheck shell=bash
step 'install Debian packages'
missing=()
for p in "${debian_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  note 'all present'
else
  note "missing: ${missing[*]}"
  # Debian's nginx package starts nginx on port 80; policy-rc.d exit 101 forbids service starts.
  # An existing policy-rc.d is put back afterwards (cleanup restores it even on failure).
  if [ -e "$policy_rc" ]; then
    policy_backup="$BENCH_HOME/policy-rc.d.saved"
    run "${as_root[@]}" cp -p "$policy_rc" "$policy_backup"
  fi
  printf '#!/bin/sh\n# Written by bench/setup.sh while it installs packages: no service starts.\nexit 101\n' >"$tmp_dir/policy-rc.d"
  policy_installed=1
  run "${as_root[@]}" install -m 0755 "$tmp_dir/policy-rc.d" "$policy_rc"
  run "${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
  run "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 \
    install -y -qq --no-install-recommends "${missing[@]}"
  restore_policy_rc
fi
