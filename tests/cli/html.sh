#!/bin/sh
# The pages of burnkit report --html and burnkit compare --html (TAP):
# self-contained (no script, nothing fetched), phone and print ready, and
# loaded by headless Chromium: its DOM holds the tables and the charts, and
# a phone-sized screenshot of each goes to build/html/. The browser part
# runs with the host runner (the pages are the same bytes from a cross one)
# and skips, saying why, where no Chromium is installed.
#   tests/cli/html.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
case $runner in /*) ;; *) runner=$PWD/$runner ;; esac
repo=$PWD
fix=$repo/tests/cli/fixtures/compare
cd "$tmp" || exit 1
grep '"tester":"cook"' "$fix/pi4.jsonl" >pi4-cook.jsonl

ok "compare writes its page" status 0 compare "$fix/pi3.jsonl" "$fix/pi4.jsonl" \
	"$fix/host-avx512.jsonl" "$fix/host-sse2.jsonl" --html compare.html
ok "report writes its page" status 0 report pi4-cook.jsonl --svg report.svg --html report.html

self_contained() {	# nothing to run, nothing to fetch
	for f in compare.html report.html; do
		if grep -Eiq '<script|<link|<img|<iframe|@import|url\(|src=' "$f"; then
			echo "$f loads or runs something:"; grep -Ein '<script|<link|<img|<iframe|@import|url\(|src=' "$f"
			return 1
		fi
		# the only address is SVG's namespace name, which nothing fetches
		if grep -o 'https\?://[^"]*' "$f" | grep -vqx 'http://www.w3.org/2000/svg'; then
			echo "$f names an address:"; grep -o 'https\?://[^"]*' "$f" | sort -u
			return 1
		fi
	done
}
ok "the pages are self-contained" self_contained
phone_print() {
	for f in compare.html report.html; do
		contains "$f" '<meta name="viewport" content="width=device-width' || return 1
		contains "$f" '.scroll{overflow-x:auto' || return 1
		contains "$f" '@media print' || return 1
	done
}
ok "readable on a phone and printable" phone_print
ok "compare's page has the reasons" contains compare.html "not comparable: throttled for 150.0 s during the run"
ok "report's page has the throttle interval" contains report.html "<td>cpufreq_cap/0</td>"

browser=
for b in chromium chromium-browser google-chrome; do
	command -v "$b" >/dev/null 2>&1 && { browser=$b; break; }
done
# chrome URL... : run the browser on a fresh profile, offline, at a phone's width
chrome() {
	profile=$(mktemp -d "$tmp/profile.XXXXXX")
	timeout 60 "$browser" --headless --no-sandbox --disable-gpu \
		--disable-background-networking --disable-component-update --disable-sync \
		--no-first-run --user-data-dir="$profile" "$@" 2>>"$tmp/browser.log"
}
dom_has() {	# dom_has PAGE TEXT...
	page=$1
	shift
	chrome --dump-dom "file://$tmp/$page" >"$page.dom" || { echo "the browser failed:"; tail -5 "$tmp/browser.log"; return 1; }
	for want in "$@"; do
		contains "$page.dom" "$want" || return 1
	done
}
shot() {	# shot PAGE PNG
	rm -f "$2"
	chrome --window-size=412,2400 --screenshot="$2" "file://$tmp/$1" >/dev/null || return 1
	[ -s "$2" ] && [ "$(head -c 8 "$2" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
		{ echo "no PNG in $2"; return 1; }
}
if [ -n "$emu" ]; then
	for d in "compare's DOM" "report's DOM" "compare's screenshot" "report's screenshot"; do
		skip "$d" "the browser test runs with the host runner; a cross runner writes the same page"
	done
elif [ -z "$browser" ]; then
	for d in "compare's DOM" "report's DOM" "compare's screenshot" "report's screenshot"; do
		skip "$d" "no Chromium installed (Debian package chromium: scripts/deps.sh check installs it)"
	done
else
	mkdir -p "$repo/build/html"
	ok "compare's DOM has the tables, the reasons and the chart" dom_has compare.html \
		'<table class="figures">' '<table class="runs">' 'class="reasons"' '<svg' 'class="bar"' '<polyline'
	ok "report's DOM has the verdict, the throttling and the chart" dom_has report.html \
		'<ul class="verdict">' '<table class="throttle">' '<table class="identity">' '<svg' '<polyline'
	ok "compare's screenshot: build/html/compare.png" shot compare.html "$repo/build/html/compare.png"
	ok "report's screenshot: build/html/report.png" shot report.html "$repo/build/html/report.png"
fi
finish
