# The commands of the "Installation on other systems" page, one region per step. None of them runs
# in the site's tests (this machine is Debian 12, without Docker, Ubuntu, Fedora, Arch, macOS or
# Windows); installation-other-systems.test.js checks the files they use (see the page).

# [guide:ubuntu]
sh ubuntu-deps.sh
bash build-drogon.sh
# [/guide:ubuntu]

# [guide:fedora]
sh fedora-deps.sh
bash build-from-git.sh
# [/guide:fedora]

# [guide:arch]
sh arch-deps.sh
bash build-from-git.sh
# [/guide:arch]

# [guide:macos]
brew install drogon
drogon_ctl version
# [/guide:macos]

# [guide:vcpkg]
git clone https://github.com/microsoft/vcpkg.git
.\vcpkg\bootstrap-vcpkg.bat
cmake -S . -B build -DCMAKE_TOOLCHAIN_FILE=vcpkg/scripts/buildsystems/vcpkg.cmake
cmake --build build --config Release
# [/guide:vcpkg]

# [guide:conan]
pip install conan
conan profile detect --force
conan install . --build=missing -s compiler.cppstd=20
cmake --preset conan-default
cmake --build --preset conan-release
# [/guide:conan]

# [guide:docker-build]
docker build -t drogon-dev .
# [/guide:docker-build]

# [guide:docker-run]
docker run --rm -v "$PWD:/src" drogon-dev sh -c 'cmake -S . -B build && cmake --build build'
# [/guide:docker-run]

# [guide:nix]
nix-shell
cmake -S . -B build && cmake --build build
# [/guide:nix]
