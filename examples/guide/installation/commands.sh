# The shell commands of the installation page, one region per step. Not a script to run as a whole:
# installation.test.js checks the regions that do not change the machine (build-prefix, check-prefix,
# find-package-prefix), with $HOME/drogon replaced by the setup's prefix (built by build-drogon.sh) or
# by a prefix in its cache, and the add_subdirectory project's (subdir-copy, subdir-build, subdir-try),
# with $HOME/drogon-build replaced by the folder the setup unpacked the source packages in. subdir-git
# needs GitHub, which the tests cannot reach.

# [guide:deps]
sh install-build-deps.sh
# [/guide:deps]

# [guide:build]
bash build-drogon.sh
# [/guide:build]

# [guide:path-prefix]
export PATH="$HOME/drogon/bin:$PATH"
# [/guide:path-prefix]

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

# [guide:subdir-copy]
mkdir -p third_party/drogon/trantor
cp -r $HOME/drogon-build/drogon-1.9.13+ds/. third_party/drogon/
cp -r $HOME/drogon-build/trantor-1.5.28+ds/. third_party/drogon/trantor/
# [/guide:subdir-copy]

# [guide:subdir-git]
git clone --depth 1 --branch v1.9.13 --recurse-submodules https://github.com/drogonframework/drogon third_party/drogon
# [/guide:subdir-git]

# [guide:subdir-build]
cmake -S . -B build && cmake --build build
./build/hello 8080
# [/guide:subdir-build]

# [guide:subdir-try]
curl http://127.0.0.1:8080/
# [/guide:subdir-try]
