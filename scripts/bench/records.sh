# SPDX-License-Identifier: MIT
#
# records.sh: reading the testers' JSON records (one object a line) from the
# benches' shell (sourced by cook.sh, drive.sh, lan.sh and arm_model.sh).
#
# AWK_JSON_NUM: an awk function for the front of a program. json_num(key) is
# the number the current line gives key ("key":NUMBER), or "" when the line
# has none, so a caller can tell a missing figure from a zero.
AWK_JSON_NUM='
function json_num(key,  m) {
	if (!match($0, "\"" key "\":[0-9.e+-]*"))
		return ""
	m = substr($0, RSTART, RLENGTH)
	sub(/^.*:/, "", m)
	return m + 0
}'

# AWK_JSON_STR: json_str(key) is the string the current line gives key
# ("key":"TEXT", no escapes inside), or "" when the line has none or null.
AWK_JSON_STR='
function json_str(key) {
	if (!match($0, "\"" key "\":\"[^\"]*\""))
		return ""
	return substr($0, RSTART + length(key) + 4, RLENGTH - length(key) - 5)
}'
