# The shell commands of the Coz page, run in examples/guide/coz after building it. coz.test.js runs
# them in a scratch folder with the program on a free test port instead of 8080, and checks the
# profile they print against expected/<region>.txt by its shape (the figures differ on every run).

# [guide:run]
coz run -s '%/main.cc' --- ./build/coz_example 8080 30
# [/guide:run]

# [guide:load]
drogon_ctl press -n 20000 -c 2 -q http://127.0.0.1:8080/report
# [/guide:load]

# [guide:experiments]
grep -m 3 '^experiment' profile.coz | cut -f 2,3 | sed 's|=.*/|=|' | tr '\t' ' '
# [/guide:experiments]

# [guide:progress]
grep -m 3 '^throughput-point' profile.coz | tr '\t' ' '
# [/guide:progress]

# [guide:plot]
coz plot
# [/guide:plot]
