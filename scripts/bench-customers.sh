#!/usr/bin/env bash
# Usage: scripts/bench-customers.sh [sqlite|postgres|both]   (default: both)
#
# Load test of a salon's customer search as the desk types, with wrk against a release build on loopback,
# once per database: the benchmark salon of bench-salon.sh with 30,000 appointments and a customer for every
# three (10,000 customers, Japanese names with katakana readings), searched for random two-kana prefixes of
# readings typed in hiragana (what finds the most), random family names in kanji, and random four-digit
# pieces of phone numbers. Prints wrk's report (requests/s, latency percentiles).
#
# Environment (optional): BENCH_SECONDS (15), BENCH_CONNECTIONS (8), BENCH_THREADS (2), FRONTDESK_BIN (a
# build of frontdesk to measure instead of building this checkout's).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-support.sh

which_db="${1:-both}"
seconds="${BENCH_SECONDS:-15}"
connections="${BENCH_CONNECTIONS:-8}"
threads="${BENCH_THREADS:-2}"

once_per_database "$which_db" "$0"
salon_bench_setup "$which_db" frontdesk-bench-customers 30000
echo 'bench-password' | "$bin" user add --database "$database" --email bench@example.com --role manager \
    --name Bench --password-stdin >/dev/null 2>&1

port="$(free_port)"
"$bin" serve --database "$database" --port "$port" --web "" >"$work/server.log" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$port"
cookie="$(bench_sign_in "$base")"

cat >"$work/search.lua" <<EOS
local SALON = "$salon"
wrk.headers["Cookie"] = "$cookie"
EOS
cat >>"$work/search.lua" <<'EOS'
local readings = {"さと", "すず", "たか", "たな", "いと", "わた", "やま", "なか", "こば", "かと", "よし", "ささ", "まつ", "いの"}
local families = {"佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村", "小林", "加藤", "吉田", "山田"}
local function escape(text)
    return (text:gsub("[^%w]", function(c) return string.format("%%%02X", string.byte(c)) end))
end
math.randomseed(os.time() + math.floor(os.clock() * 1000000))
request = function()
    local kind, query = math.random(3)
    if kind == 1 then
        query = readings[math.random(#readings)]
    elseif kind == 2 then
        query = families[math.random(#families)]
    else
        query = string.format("%04d", math.random(0, 9999))
    end
    return wrk.format("GET", "/api/v1/properties/" .. SALON .. "/customers?q=" .. escape(query))
end
EOS
write_report_script >>"$work/search.lua"

curl -fs -H "Cookie: $cookie" "$base/api/v1/properties/$salon/customers?q=%E3%81%9F%E3%81%AA" >/dev/null

echo
echo "== $which_db: customer search (10,000 customers, 30,000 appointments)"
wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency -s "$work/search.lua" "$base"
