-- wrk script for scripts/bench.sh: requests the paths of the file named by BENCH_PATHS, one
-- after another (each thread from its own place), and prints requests/s and latency
-- percentiles at the end as one BENCH line.

local paths = {}
for line in io.lines(os.getenv("BENCH_PATHS")) do
  if line ~= "" then
    paths[#paths + 1] = line
  end
end

local thread_count = 0

function setup(thread)
  thread_count = thread_count + 1
  thread:set("offset", thread_count)
end

local counter = 0

-- Where in the file to start, as a fraction of it (BENCH_START, default 0): a warm-up run
-- starts elsewhere than the measured run, so the measured run asks no page the warm-up asked.
local start = tonumber(os.getenv("BENCH_START") or "0")

function init(args)
  -- Threads start half a file apart, so they do not ask for the same pages.
  counter = math.floor(((offset or 1) / 2 + start) * #paths)
end

function request()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1], { ["Accept"] = "application/json" })
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local e = summary.errors
  local socket_errors = e.connect + e.read + e.write + e.timeout
  io.write(string.format(
    "BENCH paths=%d requests=%d seconds=%.1f rps=%.0f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f http_errors=%d socket_errors=%d\n",
    #paths, summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000,
    e.status, socket_errors))
end
