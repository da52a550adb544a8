-- wrk's script for bench/wrk.mjs: one JSON line of what was measured (latency in microseconds),
-- and, when WRK_PATHS names several paths (comma-separated), each request takes the next of them.
local list = {}
for path in string.gmatch(os.getenv("WRK_PATHS") or "", "[^,]+") do
  list[#list + 1] = path
end
if #list > 0 then
  local at = 0
  request = function()
    at = at % #list + 1
    return wrk.format(nil, list[at])
  end
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50Us":%d,"p90Us":%d,"p99Us":%d,"maxUs":%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
