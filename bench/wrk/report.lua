-- wrk hook: print ONE machine-readable line at the end of a run, so the runner never scrapes
-- wrk's human-readable text for its figures. Times are in microseconds, as wrk measures them.
-- The line starts with a fixed marker because wrk prints its text summary on the same stdout.

local marker = "WRK_REPORT_JSON "

local function number(value)
  -- %.17g keeps integers exact and doubles round-trippable; JSON has no NaN/Infinity.
  if value ~= value or value == math.huge or value == -math.huge then return "null" end
  return string.format("%.17g", value)
end

done = function(summary, latency, requests)
  local errors = summary.errors
  local percentiles = {}
  for _, entry in ipairs({ { "p50", 50 }, { "p75", 75 }, { "p90", 90 }, { "p99", 99 }, { "p999", 99.9 } }) do
    percentiles[#percentiles + 1] = string.format('"%s":%s', entry[1], number(latency:percentile(entry[2])))
  end
  io.write(marker, string.format(
    '{"durationUs":%s,"requests":%s,"bytes":%s,' ..
    '"errors":{"connect":%s,"read":%s,"write":%s,"status":%s,"timeout":%s},' ..
    '"latencyUs":{"min":%s,"max":%s,"mean":%s,"stdev":%s,%s}}\n',
    number(summary.duration), number(summary.requests), number(summary.bytes),
    number(errors.connect), number(errors.read), number(errors.write), number(errors.status), number(errors.timeout),
    number(latency.min), number(latency.max), number(latency.mean), number(latency.stdev),
    table.concat(percentiles, ",")))
end
