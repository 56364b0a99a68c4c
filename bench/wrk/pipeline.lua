-- wrk script for pipelined load, TechEmpower plaintext style: each write carries `depth` requests
-- (the first script argument after the URL: `wrk ... <url> -- 16`). wrk parses this batch once at
-- start, keeps that many requests in flight per connection and counts every response.
-- The one JSON line at the end comes from report.lua, loaded from this script's own folder.

local folder = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(folder .. "report.lua")

local batch

init = function(args)
  local depth = tonumber(args[1])
  if depth == nil or depth < 1 or depth ~= math.floor(depth) then
    error("pipeline.lua: the pipeline depth (first argument after the URL) must be a whole number >= 1, got " .. tostring(args[1]))
  end
  local requests = {}
  for i = 1, depth do requests[i] = wrk.format() end
  batch = table.concat(requests)
end

request = function()
  return batch
end
