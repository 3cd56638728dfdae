#!/bin/sh
# --junit FILE on burnin and script (TAP): one testcase per tester or line,
# failure and skipped elements carrying the reason, counts that add up, valid
# against the JUnit schema (tests/tools/junit.xsd) by xmllint; the schema
# itself refuses a report missing what CI systems need.
#   tests/cli/junit.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
case $runner in /*) ;; *) runner=$PWD/$runner ;; esac
xsd=$PWD/tests/tools/junit.xsd
cd "$tmp" || exit 1
: >empty.jsonl
cat >lines.sh <<'LINES'
burnkit int KBytes 8, Seconds 0.05
burnkit compare --file empty.jsonl
burnkit report --file missing.jsonl
burnkit temp Passes 1, Seconds 0.1 &
LINES

valid() {	# valid FILE
	xmllint --noout --schema "$xsd" "$1"
}
wrote() {	# the script's own status is its lines' worst: 2 here
	bk script lines.sh --junit script.xml >script.out 2>&1
	test -s script.xml || { cat script.out; return 1; }
}
ok "script writes its report" wrote
ok "a testcase per line" sh -c "[ \$(grep -c '<testcase ' script.xml) -eq 4 ]"
ok "the passing line has no child element" contains script.xml '<testcase name="line 1: burnkit int KBytes 8, Seconds 0.05" classname="burnkit.script" time="[0-9.]*"/>'
ok "the usage error is a failure with its type" contains script.xml '<failure message="compare: usage error" type="usage error">exit 2'
ok "the line that cannot run here is skipped, saying so" contains script.xml '<skipped message="skipped: report cannot run here'
ok "text is escaped" contains script.xml 'Seconds 0.1 &amp;"'
ok "the counts add up" contains script.xml '<testsuite name="burnkit script" tests="4" failures="1" errors="0" skipped="1"'
ok "burnin writes its report" status 0 burnin --only int --only temp --junit burnin.xml
ok "a testcase per tester" sh -c "grep -q '<testcase name=\"int\" classname=\"burnkit.burnin\"' burnin.xml && grep -q '<testcase name=\"temp\"' burnin.xml"
ok "and says where" contains "$tmp/stdout" "JUnit: burnin.xml"
ok "no temporary file is left" sh -c '! ls | grep -q tmp'
if command -v xmllint >/dev/null 2>&1; then
	ok "script's report is valid JUnit (xmllint --schema)" valid script.xml
	ok "burnin's report is valid JUnit (xmllint --schema)" valid burnin.xml
	sed 's/ classname="burnkit.script"//' script.xml >broken.xml
	ok "the schema refuses a testcase without its classname" sh -c "! xmllint --noout --schema '$xsd' broken.xml"
else
	for d in "script's report is valid JUnit" "burnin's report is valid JUnit" "the schema refuses a broken report"; do
		skip "$d" "xmllint is not installed (Debian package libxml2-utils: scripts/deps.sh check installs it)"
	done
fi
unwritable() {
	! bk burnin --only temp --junit missing/dir/b.xml >out.txt 2>&1 &&
		contains out.txt '--junit missing/dir/b.xml: cannot write'
}
ok "a report that cannot be written is an error" unwritable
finish
