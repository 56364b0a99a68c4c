# The shell commands of the installation page, one region per step. Not a script to run as a whole:
# installation.test.js checks the regions that do not change the machine (build-prefix, check-prefix,
# find-package-prefix), with $HOME/drogon replaced by the setup's prefix (built by build-drogon.sh) or
# by a prefix in its cache.

# [guide:deps]
sh install-build-deps.sh
# [/guide:deps]

# [guide:build]
bash build-drogon.sh
# [/guide:build]

# [guide:check]
drogon_ctl version
# [/guide:check]

# [guide:build-prefix]
bash build-drogon.sh $HOME/drogon
# [/guide:build-prefix]

# [guide:check-prefix]
$HOME/drogon/bin/drogon_ctl version
# [/guide:check-prefix]

# [guide:find-package-prefix]
cmake -S . -B build -DCMAKE_PREFIX_PATH=$HOME/drogon
cmake --build build
# [/guide:find-package-prefix]
