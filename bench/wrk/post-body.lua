-- wrk script for the JSON scenarios' POST /dbop: every request carries the body of a file, the first
-- script argument after the URL (`wrk ... <url> -- bench/json/bodies/dbop-n10.json`, relative to the
-- folder wrk runs in), with Content-Type: application/json. The request is set up once in init, so
-- wrk still sends one prepared request (no Lua call per request). The one JSON line at the end comes
-- from report.lua, loaded from this script's own folder.

local folder = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(folder .. "report.lua")

init = function(args)
  local path = args[1]
  if path == nil or path == "" then
    error("post-body.lua: the body file (first argument after the URL) is missing")
  end
  local file, problem = io.open(path, "rb")
  if file == nil then
    error("post-body.lua: cannot open the body file " .. path .. ": " .. tostring(problem))
  end
  local body = file:read("*a")
  file:close()
  if body == nil or #body == 0 then
    error("post-body.lua: the body file " .. path .. " is empty")
  end
  -- wrk builds its request from these after init returns (wrk.format adds Host and Content-Length).
  wrk.method = "POST"
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
end
