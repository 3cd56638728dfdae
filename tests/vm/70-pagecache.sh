# Page cache: a file just written has resident pages, the drop writes it
# back and brings them to zero, the data reads back intact; the same for
# the block device; each open file keeps its own result.

# pc COMMAND: run one command on a fresh open, print the result line.
pc() {
	exec 4<>"$BK/pagecache"
	if ! printf '%s' "$1" >&4 2>/dev/null; then
		exec 4>&-
		return 1
	fi
	read -r pc_line <&4
	exec 4>&-
	echo "$pc_line"
}

f=$BURNKIT_DISK/pagecache.bin
dd if=/dev/urandom of=$S/pagecache.src bs=65536 count=64 2>/dev/null
sum=$(md5sum < $S/pagecache.src)
cat $S/pagecache.src > "$f"		# dirty in the page cache, not synced

r=$(pc "count $f")
set -- $r
check "count: a written file has resident pages ($1)" test "${1:-0}" -gt 0
check_eq "count leaves them" "$1" "$2"
check_eq "count names the file" "count $f" "$4 $5"

r=$(pc "drop $f")
set -- $r
diag "drop: $r"
check "drop: pages before ($1)" test "${1:-0}" -gt 0
check_eq "drop brings them to zero" 0 "$2"
check_eq "the data reads back intact" "$sum" "$(md5sum < "$f")"
r=$(pc "count $f")
set -- $r
check "reading it back makes it resident again ($1 pages)" test "${1:-0}" -gt 0
check "no more pages than the file has" test "$1" -le $((4194304 / $3))

sync
r=$(pc "drop /dev/vda")
set -- $r
diag "drop /dev/vda: $r"
check "block device: drop leaves at most what it found" test "${2:-1}" -le "${1:-0}"

exec 5<>"$BK/pagecache" 6<>"$BK/pagecache"
printf 'count %s' "$f" >&5
printf 'count /dev/vda' >&6
read -r a <&5
read -r b <&6
exec 5>&- 6>&-
check "each open file has its own result" sh -c "test '${a##* }' = '$f' && test '${b##* }' = /dev/vda"
check_eq "a fresh open has no result" "" "$(cat $BK/pagecache)"
rm -f "$f"

u=$(printf '%s/caf\303\251 \342\202\254.bin' "$BURNKIT_DISK")
echo data > "$u"
r=$(pc "count $u")
check_eq "a UTF-8 path with a space works" "count $u" "$(echo "$r" | cut -d' ' -f4-)"
rm -f "$u"
check_kernel_clean "kernel clean after page-cache tests"
