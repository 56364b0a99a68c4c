# The shell commands of the page of step 07-tests, in the page's order. The step's test runs them in a copy of
# this folder (port 8080 replaced by a free one), and compares each try-* output with expected/<region>.txt.

# [guide:build]
cmake -S . -B build && cmake --build build
# [/guide:build]

# [guide:test]
./build/test/readinglist_test
# [/guide:test]
