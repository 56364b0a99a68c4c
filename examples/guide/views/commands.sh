# The shell commands of the views page. views.test.js runs the try-* regions against a fresh server
# (port 8080 replaced by a test port) and compares the output with expected/<region>.txt, and runs
# the create region in a scratch folder.

# [guide:create]
drogon_ctl create view BookList.csp
# [/guide:create]

# [guide:try-page]
curl 'http://127.0.0.1:8080/books?visitor=Ann'
# [/guide:try-page]

# [guide:try-escaped]
curl -s 'http://127.0.0.1:8080/books?visitor=%3Cb%3EAnn%3C%2Fb%3E' | grep Hello
# [/guide:try-escaped]
