#!/bin/sh
# burnkit gpu (Longbottom's OpenGL1Pi.bin) end to end (TAP): parameters in
# both styles and bad input, a short run under whatever EGL driver this
# machine has (llvmpipe here: it must run, "unsupported" is a failure when
# the runner was built with EGL), the seed's FPS table, its JSON lines, a
# corrupted read-back caught with frame and position, the burn-in line and
# the seed's loopsogl.sh. A cross-built runner has no EGL: there the runs
# are skipped with the reason the runner gives.
#   tests/cli/gpu.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
case $check in /*) ;; *) check=$PWD/$check ;; esac
case $runner in /*) ;; *) runner=$PWD/$runner ;; esac
small="--wide 96 --high 64 --triangles 2000"

resolved() {
	(cd "$tmp" && $emu "$runner" gpu "$@" --dry-run --json -) | sed 's/"t":[0-9.e+-]*,//'
}
same_params() {	# same_params "LEGACY" LONG...
	legacy=$1
	shift
	a=$(resolved "$legacy") || return 1
	b=$(resolved "$@") || return 1
	[ -n "$a" ] && [ "$a" = "$b" ] || { echo "legacy: $a"; echo "long:   $b"; return 1; }
}

# The seed's table: the mode line, the FPS header, the column heads, rows
# of up to four FPS figures after "36000+"-style triangle counts, the
# screen line; no console progress lines in the text log.
table() {	# table FILE TESTS TRIANGLES
	awk -v tests="$2" -v tri="$3" '
		$0 ~ "^ Reliability Mode " tests " Tests of [0-9.]+ Seconds" { s = 1 }
		s == 1 && /^           --------- Frames Per Second --------$/ { s = 2 }
		s == 2 && /^ Triangles +Plain/ { s = 3; next }
		s == 3 && $1 == tri "+" {
			for (i = 2; i <= NF; i++) { if ($i + 0 <= 0) bad++; figures++ }
		}
		s == 3 && /^      Screen Pixels [0-9]+ Wide [0-9]+ High$/ { s = 4 }
		/^   Test +[0-9]+ / { progress++ }
		END { if (s != 4 || figures != tests || bad || progress) {
			print "table stopped at step " s ", " figures+0 " figures, " bad+0 \
				" not positive, " progress+0 " progress lines"; exit 1 } }
	' "$1" || { cat "$1"; return 1; }
}

ok "--help names Wide, High, RunMinutes and the log file" sh -c \
	"$emu $runner gpu --help > $tmp/h && grep -q Wide $tmp/h && grep -q RunMinutes $tmp/h && grep -q 'OGLlogN.txt' $tmp/h"
bk list >"$tmp/list" 2>&1
why=$(sed -n 's/^gpu .*\[unsupported here: \(.*\)\]$/\1/p' "$tmp/list")
# --dry-run makes the checks a real run makes: where gpu cannot run, it says so.
if [ -z "$why" ]; then
	ok "the seed's Wide 1920, High 1080, RunMinutes 15 is the long options" \
		same_params "Wide 1920, High 1080, RunMinutes 15, Log 3" --wide 1920 --high 1080 --run-minutes 15 --log 3
	ok "defaults: 1920 x 1080, RunMinutes 1, 16 tests, 36000 triangles" sh -c \
		"$emu $runner gpu --dry-run --json - | grep -q '\"wide\":1920,\"high\":1080,\"run-minutes\":1,\"tests\":16,\"seconds\":null,\"triangles\":36000,'"
else
	ok "--dry-run where gpu cannot run: exit 3" status 3 gpu Wide 1920, High 1080, RunMinutes 15 --dry-run
	ok "... in the skip voice, with the reason" contains "$tmp/stderr" "skipped: $why"
fi
ok "--tests 17 is a usage error" status 2 gpu --tests 17
ok "the message states the range" contains "$tmp/stderr" "from 1 to 16"
ok "Wide 8 is a usage error naming it" status 2 gpu Wide 8
ok "the message names Wide" contains "$tmp/stderr" "Wide"
ok "RunMinutes soon is a usage error" status 2 gpu RunMinutes soon
ok "--seconds 0 is a usage error" status 2 gpu --seconds 0
ok "an unknown word is a usage error" status 2 gpu Zoom 2

native_gles=
[ -z "$emu" ] && pkg-config --exists egl glesv2 2>/dev/null && native_gles=yes
if [ -n "$native_gles" ]; then
	ok "list: gpu runs here (built with EGL; llvmpipe at the least)" sh -c \
		"grep -q '^gpu ' $tmp/list && ! grep '^gpu ' $tmp/list | grep -q unsupported"
elif [ -n "$why" ]; then
	ok "list: gpu is unsupported here, with the reason" sh -c "[ -n \"$why\" ]"
fi

if [ -z "$why" ]; then
	# Eight tests, two rows of the table, text log 4 in $tmp, JSON lines.
	run8() { (cd "$tmp" && $emu "$runner" gpu Wide 128, High 96, Log 4 --tests 8 --seconds 0.4 \
		--triangles 6000 --json "$tmp/g.jsonl" >"$tmp/stdout" 2>"$tmp/stderr"); }
	ok "8 tests of 0.4 s at 128 x 96: exit 0" run8
	ok "console: a progress line for every test, each ok" sh -c \
		"[ \$(grep -c '^   Test  *[1-8] .* FPS .* checked ok\$' $tmp/stdout) -eq 8 ]"
	ok "console: the renderer and the EGL platform" sh -c \
		"grep -q ', EGL \(surfaceless\|pbuffer\)' $tmp/stdout"
	ok "OGLlog4.txt: the seed's FPS table" table "$tmp/OGLlog4.txt" 8 6000
	ok "OGLlog4.txt: frames as expected" contains "$tmp/OGLlog4.txt" "Frames as expected: [1-9]"
	ok "JSON lines strict" $check "$tmp/g.jsonl" type tester
	ok "JSON: a gpu_test record per test with its FPS, each ok" sh -c \
		"[ \$(grep '\"type\":\"gpu_test\"' $tmp/g.jsonl | grep -c '\"fps\":[0-9][0-9.e+-]*,.*\"errors\":0,\"ok\":true') -eq 8 ]"
	ok "JSON: every test checked a frame, the scenes in the seed's order" sh -c \
		"! grep '\"type\":\"gpu_test\"' $tmp/g.jsonl | grep -q '\"checked\":0,' &&
		 grep -q '\"test\":3,\"scene\":\"textured\",' $tmp/g.jsonl &&
		 grep -q '\"test\":8,\"scene\":\"textured+shaded\",' $tmp/g.jsonl"
	ok "JSON: the summary has the renderer and no wrong frames" sh -c \
		"grep '\"type\":\"summary\"' $tmp/g.jsonl | grep -q '\"renderer\":\"[^\"]\+\",.*\"wrong_frames\":0,'"

	# One pixel of one read-back flipped (the test hook): caught, named, exit 1.
	corrupt() { BURNKIT_GPU_CORRUPT=1,5,17,9 status "$@"; }
	ok "a corrupted read-back: exit 1" corrupt 1 gpu $small --tests 2 --seconds 0.5 --check-every 1 \
		--json "$tmp/c.jsonl"
	ok "... reported with test, frame, position, expected and found" contains "$tmp/stdout" \
		"^ ERROR test 1 (plain) frame 5 pose 1: 1 wrong pixel, the first at x 17 y 9 (from the bottom left): expected RGBA [0-9a-f]\{8\}, found [0-9a-f]\{8\}$"
	ok "... only that frame: test 2 and the other frames are right" sh -c \
		"[ \$(grep -c '^ ERROR' $tmp/stdout) -eq 1 ] && grep -q '^   Test  2 .* ok\$' $tmp/stdout"
	ok "... JSON: expected and found differ in red only" sh -c \
		"grep '\"type\":\"error\"' $tmp/c.jsonl | grep -q '\"test\":1,\"scene\":\"plain\",\"frame\":5,\"pose\":1,\"x\":17,\"y\":9,' &&
		 grep '\"type\":\"error\"' $tmp/c.jsonl | sed 's/.*\"expected\":\"\(..\)\(......\)\",\"found\":\"\(..\)\(......\)\".*/\1 \2 \3 \4/' |
		 awk '{ exit !(\$2 == \$4 && \$1 != \$3) }'"
	ok "... the stderr line says so, not 'as expected'" sh -c \
		"grep -q 'wrong frame' $tmp/stderr && ! grep -q 'Frames as expected' $tmp/stdout"
	# Against llvmpipe: within the tolerance. A kept frame's pixel one step
	# off (the hook on frame 2, pose 2) is within it, yet every later frame
	# of that pose now differs from the kept one: exact check, exit 1.
	against() { BURNKIT_GPU_CORRUPT=1,2,3,4 status "$@"; }
	ok "--against-llvmpipe, a kept frame one step off: exit 1" against 1 gpu $small --tests 1 \
		--seconds 0.4 --check-every 1 --against-llvmpipe --json "$tmp/l.jsonl"
	ok "... llvmpipe's frames agree within the tolerance, the largest difference 1" contains \
		"$tmp/stdout" "Against llvmpipe: 4 of 4 poses within 8 of 255 on 95% of the pixels (largest difference 1)"
	ok "... JSON: a llvmpipe record per pose, pose 2 one pixel off by 1" sh -c \
		"[ \$(grep -c '\"type\":\"llvmpipe\".*\"ok\":true' $tmp/l.jsonl) -eq 4 ] &&
		 grep -q '\"type\":\"llvmpipe\".*\"pose\":2,\"pixels_off\":0,\"max_channel_delta\":1,' $tmp/l.jsonl"
	ok "... the frames of pose 2 after it are wrong against the kept one" sh -c \
		"grep -q '^ ERROR test 1 (plain) frame 6 pose 2: 1 wrong pixel, the first at x 3 y 4 ' $tmp/stdout"
	interrupted() {
		(cd "$tmp" && timeout --preserve-status -s INT 1.5 $emu "$runner" gpu $small --tests 8 --seconds 1 \
			--json "$tmp/i.jsonl" >"$tmp/stdout" 2>&1)
		[ $? -eq 130 ] && grep -q '^      Interrupted in test [1-8] of 8$' "$tmp/stdout" &&
			grep -q '"type":"summary".*"status":"interrupted","exit":130' "$tmp/i.jsonl"
	}
	ok "Ctrl-C: exit 130, the tests done in the table, 'interrupted' in the JSON" interrupted
	# The libraries are opened at run time: without them gpu is unsupported, the rest runs.
	export BURNKIT_GPU_LIBEGL=libburnkit-no-such-egl.so.1
	ok "no libEGL: list says gpu is unsupported, naming the library" sh -c \
		"$emu $runner list | grep '^gpu ' | grep -q 'unsupported here: cannot load libburnkit-no-such-egl.so.1'"
	ok "... a gpu run exits 3 in the skip voice" status 3 gpu $small --tests 1 --seconds 0.1
	ok "... the burn-in skips it and runs the others" sh -c \
		"cd $tmp && $emu $runner burnin --only gpu --only timer > $tmp/b.out 2>&1 &&
		 grep -q 'gpu .*skipped .*cannot load libburnkit-no-such-egl' $tmp/b.out && grep -q 'timer .*passed' $tmp/b.out"
	unset BURNKIT_GPU_LIBEGL
	ok "a malformed test hook is refused" sh -c \
		"BURNKIT_GPU_CORRUPT=1,5 $emu $runner gpu $small --tests 1 --seconds 0.1 2>$tmp/e; [ \$? -eq 2 ] && grep -q TEST,FRAME,X,Y $tmp/e"
	ok "burn-in: gpu's quick parameters pass" sh -c \
		"cd $tmp && $emu $runner burnin --only gpu > $tmp/b.out 2>&1 && grep -q 'gpu .*passed' $tmp/b.out"
else
	for t in "a run prints the FPS table" "a corrupted read-back is caught" \
		"burn-in: gpu's quick parameters pass"; do
		skip "$t" "gpu unsupported here: $why"
	done
	ok "gpu run anyway: exit 3 in the skip voice" sh -c \
		"$emu $runner gpu $small --tests 1 --seconds 0.1 2>$tmp/e; [ \$? -eq 3 ] && grep -q 'skipped: ' $tmp/e"
	skipped() {
		(cd "$tmp" && $emu "$runner" burnin --only gpu >"$tmp/b.out" 2>&1) &&
			grep 'gpu .*skipped' "$tmp/b.out" | grep -qF "$(echo "$why" | cut -c1-40)"
	}
	ok "burn-in: gpu skipped with the reason" skipped
fi

# The seed's loopsogl.sh as written: every line is checked (with its twin).
seed=$(dirname "$0")/scripts/seed-loopsogl.sh
ok "script: loopsogl.sh as written checks, OpenGL1Pi.bin is burnkit gpu" sh -c \
	"$emu $runner script $seed --check > $tmp/s.out 2>&1 && grep -q '4 commands, all checked' $tmp/s.out &&
	 grep -q 'burnkit gpu Wide 1920, High 1080, RunMinutes 15  (OpenGL1Pi.bin)' $tmp/s.out"
# ... and run, scaled down: the temperature recorder and the loops beside the GPU test.
sed -e 's/Pases 36,  Seconds 30/Pases 2,  Seconds 0.3/' -e 's/Seconds 10$/Seconds 0.002, Parts 1/' \
	-e 's/sleep 10/sleep 0.2/' -e 's/Wide 1920, High 1080, RunMinutes 15/Wide 96, High 64, RunMinutes 0.02/' \
	"$seed" > "$tmp/run.sh"
if [ -z "$why" ]; then
	ok "script: the scaled-down loopsogl.sh runs all three, each passing" sh -c \
		"cd $tmp && $emu $runner script $tmp/run.sh > $tmp/s.out 2>&1 &&
		 grep -q 'Reliability Mode 16 Tests' $tmp/s.out &&
		 grep -q 'Numeric results were as expected' $tmp/s.out &&
		 grep -q 'Frames as expected' $tmp/s.out"
else
	skip "script: the scaled-down loopsogl.sh runs all three" "gpu unsupported here: $why"
fi
finish
