# The shell commands of the configuration page, in examples/guide/configuration after building it.
# configuration.test.js runs them with a copy of config.json whose port 8080 is a free test port,
# and compares the output with expected/<region>.txt (the session id compared as <id>).

# [guide:run]
./build/config_example config.json
# [/guide:run]

# [guide:try-root]
curl -i -w '\n' http://127.0.0.1:8080/
# [/guide:try-root]

# [guide:try-body-limit]
head -c 2000000 /dev/zero > big.bin
curl -i --data-binary @big.bin http://127.0.0.1:8080/
# [/guide:try-body-limit]

# [guide:bad-config]
printf '{ "app": { "client_max_body_size": "lots" } }' > bad.json
./build/config_example bad.json
# [/guide:bad-config]

# [guide:run-yaml]
./build/config_example config.yaml
# [/guide:run-yaml]

# [guide:try-root-yaml]
curl -i -w '\n' http://127.0.0.1:8080/
# [/guide:try-root-yaml]

# [guide:postgresql-setup]
apt-get install -y postgresql
service postgresql start
su postgres -c "psql -q -c \"CREATE ROLE drogon LOGIN CREATEDB PASSWORD 'drogon'\""
echo '127.0.0.1:5432:*:drogon:drogon' >> ~/.pgpass
chmod 600 ~/.pgpass
# [/guide:postgresql-setup]

# [guide:createdb]
createdb -h 127.0.0.1 -U drogon guide
# [/guide:createdb]

# [guide:run-legacy]
./build/config_example legacy.json
# [/guide:run-legacy]

# [guide:try-db]
curl http://127.0.0.1:8080/db
# [/guide:try-db]

# [guide:bad-yaml]
printf 'custom_config:\n  greeting:\n' > empty.yaml
./build/config_example empty.yaml
# [/guide:bad-yaml]
