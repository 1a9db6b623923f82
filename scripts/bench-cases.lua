-- wrk script for scripts/bench.sh: cycles over a mix of filtered GET /cases pages and
-- prints requests/s and latency percentiles at the end.

local paths = {
  "/cases",
  "/cases?districts=觀塘區",
  "/cases?region=九龍&minRate=300",
  "/cases?level=secondary&grades=中三&subjects=數學",
  "/cases?level=primary&districts=沙田區&page=2",
  "/cases?minRate=500&page=3",
  "/cases?areas=藍田",
  "/cases?region=新界&level=secondary&subjects=英文",
  "/cases?districts=灣仔區&minRate=200&page=2",
  "/cases?level=primary&grades=小六&subjects=全科&region=香港島",
  "/cases?areas=將軍澳&level=secondary&page=2",
  "/cases?page=50&pageSize=20",
}

-- Percent-encode the UTF-8 bytes of a query, keeping its syntax characters.
local function encode(s)
  return (s:gsub("[^%w%-%._~/%?=&]", function(c)
    return string.format("%%%02X", string.byte(c))
  end))
end

local encoded = {}
for i, p in ipairs(paths) do
  encoded[i] = encode(p)
end

local thread_count = 0

-- Each thread starts at a different place in the list.
function setup(thread)
  thread_count = thread_count + 1
  thread:set("offset", thread_count)
end

local counter = 0

function init(args)
  counter = (offset or 1) * 5
end

function request()
  counter = counter + 1
  return wrk.format("GET", encoded[(counter % #encoded) + 1], { ["Accept"] = "application/json" })
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local e = summary.errors
  local socket_errors = e.connect + e.read + e.write + e.timeout
  io.write(string.format(
    "BENCH paths=%d requests=%d seconds=%.1f rps=%.0f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f http_errors=%d socket_errors=%d\n",
    #encoded, summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000,
    e.status, socket_errors))
end
