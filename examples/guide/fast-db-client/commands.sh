# The shell commands of the FastDbClient page, in examples/guide/fast-db-client after building it.
# fast-db-client.test.js runs them against a real PostgreSQL 15 server in a scratch folder, reached
# through a proxy on a loopback port that delays every packet by 1 ms each way (port 5432 replaced by
# the proxy's, 8080 by a free test port, psql pointed at the scratch server). The output of each
# try-* region is expected/<region>.txt, times replaced by <ms> where the page says they vary.

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

# [guide:run]
./build/db_throughput config.json
# [/guide:run]

# [guide:try-connections]
psql -h 127.0.0.1 -U drogon -d guide -At -c "SELECT application_name, count(*) FROM pg_stat_activity
  WHERE backend_type = 'client backend' AND application_name <> 'psql' GROUP BY 1 ORDER BY 1"
# [/guide:try-connections]

# [guide:try-burst]
curl -w '\n' 'http://127.0.0.1:8080/burst/pool1?n=400'
curl -w '\n' 'http://127.0.0.1:8080/burst/pool4?n=400'
curl -w '\n' 'http://127.0.0.1:8080/burst/fast?n=400'
curl -w '\n' 'http://127.0.0.1:8080/burst/fast_batch?n=400'
# [/guide:try-burst]

# [guide:try-divide]
curl -w '\n' http://127.0.0.1:8080/divide/fast
curl -w '\n' http://127.0.0.1:8080/divide/fast_batch
# [/guide:try-divide]

# [guide:try-timeout]
curl -w '\n' 'http://127.0.0.1:8080/sleep/timeout?seconds=3'
curl -w '\n' 'http://127.0.0.1:8080/sleep/timeout?seconds=0'
# [/guide:try-timeout]

# [guide:try-statement-timeout]
curl -w '\n' 'http://127.0.0.1:8080/sleep/statement_timeout?seconds=2'
curl -w '\n' 'http://127.0.0.1:8080/sleep/statement_timeout?seconds=0'
# [/guide:try-statement-timeout]
