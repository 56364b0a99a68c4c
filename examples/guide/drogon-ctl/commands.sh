# The shell commands of the drogon_ctl page, in the chapter's folder: each moves on from the folder the
# one before it left, as in a reader's terminal (the project's folder hello/, its build/, the chapter's
# views/). drogon-ctl.test.js runs them in a scratch folder laid out the same way (drogon_ctl and the
# pinned Drogon found through PATH and CMAKE_PREFIX_PATH), and compares the output with
# expected/<region>.txt. The generated project listens on 5555 as generated; the chapter's own server
# (ctl_hello) on a free test port instead of 8080.

# [guide:create-project]
drogon_ctl create project hello
# [/guide:create-project]

# [guide:tree]
cd hello
find . | sort
# [/guide:tree]

# [guide:build]
cd build
cmake ..
make
# [/guide:build]

# [guide:run-project]
./hello
# [/guide:run-project]

# [guide:try-project]
curl -sI http://127.0.0.1:5555/
# [/guide:try-project]

# [guide:back-to-project]
cd ..
# [/guide:back-to-project]

# [guide:create-controllers]
cd controllers
drogon_ctl create controller HelloCtrl
drogon_ctl create controller -h demo::v1::User
drogon_ctl create controller -w ChatWs
cd ..
# [/guide:create-controllers]

# [guide:create-filter]
cd filters
drogon_ctl create filter LoginFilter
cd ..
# [/guide:create-filter]

# [guide:create-plugin]
cd plugins
drogon_ctl create plugin Counter
cd ..
# [/guide:create-plugin]

# [guide:create-view]
cd ../views
drogon_ctl create view Hello.csp
ls
# [/guide:create-view]

# [guide:view-into-project]
cp Hello.csp ../hello/views/
# [/guide:view-into-project]

# [guide:create-model]
cd ../hello
cp ../models/model.json models/model.json
sqlite3 hello.db 'CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, email TEXT)'
drogon_ctl create model models -f
ls models
# [/guide:create-model]

# [guide:rebuild]
cd build
cmake ..
make
# [/guide:rebuild]

# [guide:back-to-chapter]
cd ../..
# [/guide:back-to-chapter]

# [guide:run-hello]
./build/ctl_hello 8080
# [/guide:run-hello]

# [guide:try-hello]
curl -s http://127.0.0.1:8080/
# [/guide:try-hello]

# [guide:press]
drogon_ctl press -n 10000 -c 10 -q http://127.0.0.1:8080/
# [/guide:press]

# [guide:press-missing]
drogon_ctl press -n 1000 -c 10 -q http://127.0.0.1:8080/missing
# [/guide:press-missing]
