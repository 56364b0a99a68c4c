# The shell commands of the testing page, in examples/guide/testing. testing.test.js runs them on the
# guide's build and compares the output with expected/<region>.txt (terminal colours removed).

# [guide:build]
cmake -S . -B build
cmake --build build
# [/guide:build]

# [guide:run]
./build/greeting_test
# [/guide:run]

# [guide:list]
./build/greeting_test -l
# [/guide:list]

# [guide:ctest]
ctest --test-dir build
# [/guide:ctest]
