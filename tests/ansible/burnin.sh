#!/bin/sh
# contrib/ansible/burnin.yml against this machine (TAP): the syntax check,
# then a run on localhost over the local connection with a short line: the
# runner copied, run in the background with a deadline, its JSON lines and
# .prom file fetched, `burnkit compare` run on the controller; and a run
# whose line fails: the playbook fails at the end, saying why, after
# fetching. Skipped, saying why, without ansible-playbook.
#   tests/ansible/burnin.sh RUNNER
. "$(dirname "$0")/../cli/lib.sh" "$@"
case $runner in /*) ;; *) runner=$PWD/$runner ;; esac
book=$PWD/contrib/ansible/burnin.yml
export ANSIBLE_NOCOLOR=1 ANSIBLE_LOCAL_TEMP="$tmp/ansible-local" ANSIBLE_REMOTE_TEMP="$tmp/ansible-remote"
export ANSIBLE_RETRY_FILES_ENABLED=0 ANSIBLE_PYTHON_INTERPRETER=auto_silent

if ! command -v ansible-playbook >/dev/null 2>&1; then
	skip "contrib/ansible/burnin.yml" "ansible-playbook is not installed (Debian package ansible-core: scripts/deps.sh check installs it)"
	finish
	exit $?
fi

play() {	# play LINE RESULTS-DIR
	ansible-playbook -c local -i localhost, "$book" \
		-e burnkit_binary="$runner" -e burnkit_controller_binary="$runner" \
		-e "burnkit_line=\"$1\"" -e burnkit_dir="$tmp/run" -e burnkit_results="$2" \
		-e burnkit_deadline=120 >"$2.log" 2>&1
}
ok "ansible-playbook --syntax-check" ansible-playbook --syntax-check -i localhost, "$book"
ran() { play "fpu KWds 1 --seconds 0.2" "$tmp/good" || { tail -30 "$tmp/good.log"; return 1; }; }
ok "a run on localhost (-c local) passes" ran
ok "its JSON lines came back" contains "$tmp/good/localhost.jsonl" '"type":"summary","tester":"fpu"'
ok "its textfile came back" contains "$tmp/good/localhost/burnkit_fpu.prom" '^burnkit_fpu_passed{.*} 1$'
ok "compare ran on the controller" contains "$tmp/good.log" 'single 1000 words 32 ops MFLOPS'
ok "and wrote its CSV and page" sh -c "test -s '$tmp/good/compare.csv' && grep -q '<table class=\"figures\">' '$tmp/good/compare.html'"
failing() { ! play "fpu KWds 1 --seconds 0.2 --isa no-such-isa" "$tmp/bad"; }
ok "a run whose line fails fails the playbook" failing
ok "after the comparison said there was nothing to compare" contains "$tmp/bad.log" "no host wrote JSON lines to compare"
ok "saying which host and the exit status" contains "$tmp/bad.log" 'burnkit fpu KWds 1 --seconds 0.2 --isa no-such-isa on localhost: exit 2'
finish
