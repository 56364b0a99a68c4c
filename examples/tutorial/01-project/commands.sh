# The shell commands of the page of step 01-project, in the page's order. The step's test runs them in a copy of
# this folder (port 8080 replaced by a free one), and compares each try-* output with expected/<region>.txt.

# [guide:create]
drogon_ctl create project readinglist
cd readinglist
# [/guide:create]

# [guide:build]
cmake -S . -B build && cmake --build build
# [/guide:build]

# [guide:run]
./build/readinglist
# [/guide:run]

# [guide:try]
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:5555/
# [/guide:try]
